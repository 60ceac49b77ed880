import ArchiveFeature
import Foundation
import LoadingScreenKit
import Networking
import Presentation
import Testing

@Suite("Archive presentation")
struct ArchivePresentationTests {
  typealias State = ArchiveFeature.State
  typealias Action = ArchiveFeature.Action

  static let curry = ArchiveFixture.page(
    ArchiveQuery(keyword: "カレー"), ids: [6, 11, 12, 14, 15, 18, 19, 24, 30, 36], total: 10)

  /// The content of the selected in-screen tab.
  func content(_ view: ViewNode<Action>) -> ViewNode<Action>? {
    guard case .stack(let children) = view else { return nil }
    for child in children {
      if case .tabs(_, let content) = child { return content }
    }
    return nil
  }

  /// The first list in a view.
  func firstList(_ view: ViewNode<Action>) -> ListNode<Action>? {
    switch view {
    case .list(let list): return list
    case .stack(let children), .section(_, let children): return children.lazy.compactMap(firstList).first
    case .tabs(_, let content): return firstList(content)
    default: return nil
    }
  }

  func contains(_ view: ViewNode<Action>, where predicate: (ViewNode<Action>) -> Bool) -> Bool {
    if predicate(view) { return true }
    switch view {
    case .stack(let children), .section(_, let children): return children.contains { contains($0, where: predicate) }
    case .tabs(_, let content): return contains(content, where: predicate)
    case .overlay(let overlay): return contains(overlay.content, where: predicate)
    default: return false
    }
  }

  @Test("idle: the conditions and a hint; the chips offer every category")
  func idle() {
    let view = ArchiveFeature.present(State())
    #expect(view.plainText.contains("Search the archive by keyword or category."))
    #expect(
      view.actions.prefix(8) == [
        .showMode(.search), .showMode(.saved), .categorySelected(nil), .categorySelected("和食"),
        .categorySelected("洋食"), .categorySelected("中華料理"), .categorySelected("韓国料理"),
        .categorySelected("エスニック料理"),
      ])
    #expect(!view.actions.contains(.clearAll))
  }

  @Test("loading: a spinner")
  func loading() {
    let view = ArchiveFeature.present(State(keyword: "カレー", load: searched(.loading)))
    #expect(contains(view) { if case .spinner("Searching...") = $0 { true } else { false } })
    #expect(view.actions.contains(.clearAll))
  }

  @Test("error: the message and a retry")
  func error() {
    let view = ArchiveFeature.present(State(load: searched(.failed("The server failed (500)."))))
    #expect(contains(view) { $0 == .error(message: "The server failed (500).", retry: .load(.retry)) })
  }

  @Test("empty: says which conditions found nothing")
  func empty() {
    let query = ArchiveQuery(keyword: "ラーメン", category: "和食")
    let view = ArchiveFeature.present(State(keyword: "ラーメン", category: "和食", load: searched(nothing(query))))
    #expect(contains(view) { $0 == .empty("Nothing matches \"ラーメン\" in 和食.") })
  }

  @Test("content: count, keyword highlighted, hearts from the saved ids, selection, load more")
  func content() throws {
    let state = State(
      keyword: "カレー", load: searched(.loaded(ArchiveResults(Self.curry))), saved: .loaded([ArchiveFixture.entry(12)]))
    let view = ArchiveFeature.present(state)
    #expect(view.plainText.contains("10 results"))
    let list = try #require(firstList(view))
    #expect(list.items.map(\.id) == ["6", "11", "12", "14", "15", "18", "19", "24", "30", "36"])
    #expect(list.more == nil)
    let udon = try #require(list.items.first { $0.id == "19" })
    #expect(udon.title == [TextSpan("カレー", .highlight), TextSpan("うどん")])
    #expect(udon.action == .select(19))
    #expect(udon.accessory == ListAccessory(label: "save", isOn: false, action: .save(19)))
    let chicken = try #require(list.items.first { $0.id == "12" })
    #expect(chicken.accessory == ListAccessory(label: "saved", isOn: true, action: .unsave(12)))
    #expect(chicken.subtitle.contains(TextSpan("カレー", .highlight)))  // the category
    #expect(view.plainText.contains("Saved (1)"))
  }

  @Test("content with more pages: a load-more row; loading and failed load-more phases")
  func loadMorePhases() {
    let first = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)
    var state = State(load: searched(.loaded(ArchiveResults(first))))
    let idle = ArchiveFeature.present(state)
    #expect(firstList(idle)?.more == ListMore(label: "Load more (20 of 36)", action: .load(.more)))
    #expect(idle.plainText.contains("36 results - showing 20"))
    state.load.loadsMore = true
    let loading = ArchiveFeature.present(state)
    #expect(firstList(loading)?.more == nil)
    #expect(contains(loading) { $0 == .spinner("Loading more...") })
    state.load.loadsMore = false
    state.load.moreFailure = "timed out"
    let failed = ArchiveFeature.present(state)
    #expect(firstList(failed)?.more == nil)
    #expect(contains(failed) { $0 == .error(message: "timed out", retry: .load(.more)) })
  }

  @Test("saved view in every phase")
  func savedView() {
    let loading = ArchiveFeature.present(State(saved: .loading, mode: .saved))
    #expect(content(loading) == .spinner("Loading saved items..."))
    let failed = ArchiveFeature.present(State(saved: .failed("locked"), mode: .saved))
    #expect(content(failed) == .error(message: "locked", retry: .loadSaved))
    let empty = ArchiveFeature.present(State(saved: .empty, mode: .saved))
    #expect(content(empty) == .empty("No saved items yet. Save one from the search results."))
    let loaded = ArchiveFeature.present(State(saved: .loaded([ArchiveFixture.entry(6)]), mode: .saved))
    #expect(loaded.plainText.contains("1 saved item"))
    #expect(loaded.plainText.contains("Saved on 2024/05/01"))
    #expect(loaded.plainText.contains("特製ビーフカレー"))
    #expect(firstList(loaded)?.items.first?.accessory?.action == .unsave(6))
  }

  @Test("detail: an overlay with the item, its save button and a dismiss action")
  func detail() {
    let state = State(
      keyword: "カレー", load: searched(.loaded(ArchiveResults(Self.curry))), saved: .empty,
      detail: ArchiveFixture.itemsByID[19])
    let view = ArchiveFeature.present(state)
    guard case .stack(let children) = view, case .overlay(let overlay)? = children.last else {
      Issue.record("no overlay")
      return
    }
    #expect(overlay.title == "カレーうどん")
    #expect(overlay.dismiss == .closeDetail)
    #expect(overlay.buttons.map(\.action) == [.save(19), .closeDetail])
    #expect(overlay.content.plainText.contains("Shop: うどん処 ひより"))
    #expect(
      contains(overlay.content) {
        if case .spans(let spans) = $0 { spans.contains(TextSpan("カレー", .highlight)) } else { false }
      })
  }

  @Test("a notice shows with a dismiss button")
  func notice() {
    let view = ArchiveFeature.present(State(notice: "no archive item 99"))
    #expect(view.plainText.first == "no archive item 99")
    #expect(view.actions.first == .dismissNotice)
  }

  @Test("highlighting is case-insensitive and keeps the original text")
  func highlight() {
    #expect(
      ArchiveHighlight.spans("Crème brûlée", keyword: "CRÈME")
        == [TextSpan("Crème", .highlight), TextSpan(" brûlée")])
    #expect(ArchiveHighlight.spans("abc", keyword: "") == [TextSpan("abc")])
    #expect(
      ArchiveHighlight.spans("カレーとカレー", keyword: "カレー")
        == [TextSpan("カレー", .highlight), TextSpan("と"), TextSpan("カレー", .highlight)])
  }

  @Test("dates are yyyy/MM/dd and ISO 8601 in UTC")
  func dates() {
    #expect(ArchiveDateFormat.day(ArchiveFixture.now) == "2024/05/01")
    #expect(ArchiveDateFormat.timestamp(ArchiveFixture.now) == "2024-05-01T12:00:00Z")
  }

  /// The Search tab's children for `state` (field, chips or category, "Clear all", then the results).
  func searchChildren(_ state: State) -> [ViewNode<Action>] {
    guard case .stack(let children)? = content(ArchiveFeature.present(state)) else { return [] }
    return children
  }

  @Test("offline results show the note and a Retry above them; the conditions stay as they are")
  func offlineResults() throws {
    let today = try #require(Calendar.current.date(bySettingHour: 14, minute: 32, second: 0, of: Date()))
    let results = LoadPhase<ArchiveResults>.loaded(ArchiveResults(Self.curry))
    let fresh = searchChildren(State(keyword: "カレー", load: searched(results)))
    let offline = searchChildren(
      State(keyword: "カレー", load: searched(results, origin: .offline(fetchedAt: today, reason: "cannot connect"))))

    #expect(fresh.count == 5)  // field, chips, Clear all, count, list
    #expect(
      offline
        == Array(fresh.prefix(3)) + [
          .stack([
            .text("offline - as of 14:32", .danger), .button(label: "Retry", action: .load(.retry)),
            .stack(Array(fresh.dropFirst(3))),
          ])
        ])
  }

  @Test("stale results say how old they are; an empty answer is annotated too")
  func staleResults() {
    let stale = DataOrigin.stale(fetchedAt: ArchiveFixture.now, age: 300)
    let results = searchChildren(State(load: searched(.loaded(ArchiveResults(Self.curry)), origin: stale)))
    let empty = searchChildren(State(load: searched(nothing(.all), origin: stale)))

    #expect(results.dropFirst(3).first?.plainText.first == "stale - 5 min old - refreshing...")
    #expect(
      empty.dropFirst(3)
        == [
          .stack([.text("stale - 5 min old - refreshing...", .secondary), .stack([.empty("The archive is empty.")])])
        ])
  }

  @Test("fresh cached results, and anything but results, carry no note")
  func noNote() {
    let cached = DataOrigin.cache(fetchedAt: ArchiveFixture.now)
    let offline = DataOrigin.offline(fetchedAt: ArchiveFixture.now, reason: "cannot connect")
    let results = LoadPhase<ArchiveResults>.loaded(ArchiveResults(Self.curry))

    #expect(
      searchChildren(State(load: searched(results, origin: cached))) == searchChildren(State(load: searched(results))))
    #expect(searchChildren(State(load: searched(.loading, origin: offline))).last == .spinner("Searching..."))
  }
}
