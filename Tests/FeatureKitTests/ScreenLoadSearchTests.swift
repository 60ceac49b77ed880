import Core
import CoreTesting
import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import Testing

/// A search on the loading kit (``WordSearch``): typing waits for a pause on the store's clock, a reload reads the
/// state when it starts, an answer for an old term is dropped, and the next page appends. Content with no key and
/// no pages (``SampleFeature``) is untouched by it.
@Suite(.timeLimit(.minutes(1))) struct ScreenLoadSearchTests {
  typealias Store = TestStore<WordSearch.State, WordSearch.Action>

  let clock = TestClock()
  let searched = Recorder<String>()

  /// A store whose search answers each term at once with one page of two words of six, recording the term.
  func makeStore(
    _ load: (@Sendable (WordSearch.State) async throws -> WordSearch.Page)? = nil,
    more: (@Sendable (WordSearch.Hits) async throws -> WordSearch.Page)? = { WordSearch.page(after: $0) },
    initialState: WordSearch.State = WordSearch.State()
  ) -> Store {
    let searched = searched
    let load =
      load ?? { state in
        searched.append(state.term)
        return Self.firstPage(state.term)
      }
    return TestStore(
      initialState: initialState, reducer: WordSearch.reducer,
      middlewares: [
        .screenLoad(id: "words.load", state: \.load, action: WordSearch.Action.load, load: load, more: more)
      ], clock: clock)
  }

  static func firstPage(_ term: String) -> WordSearch.Page {
    WordSearch.Page(term: term, page: 1, words: ["\(term)1a", "\(term)1b"], total: 6)
  }

  static func hits(_ term: String) -> LoadPhase<WordSearch.Hits> { .loaded(WordSearch.Hits(firstPage(term))) }

  /// A search starting while a typing pause was awaited: loading, the wait over.
  @Sendable static func searchStartsEndingTheWait(_ state: inout WordSearch.State) {
    state.load.phase = .loading
    state.load.startsLoad = true
    state.load.startsWait = false
    state.load.awaitsPause = false
  }

  /// The first page of `term` shown, the load done.
  static func showsFirstPage(of term: String) -> @Sendable (inout WordSearch.State) -> Void {
    { state in
      state.load.phase = hits(term)
      state.load.startsLoad = false
    }
  }

  // MARK: Typing

  @Test func typingSearchesOnceItPausesOnTheStoresClock() async {
    let store = makeStore()
    await store.send(.typed("r")) {
      $0.term = "r"
      $0.load.awaitsPause = true
      $0.load.startsWait = true
    }
    await clock.sleepers(count: 1)
    clock.advance(by: .milliseconds(299))
    await store.send(.typed("ra")) { $0.term = "ra" }  // the wait starts again
    await clock.sleepers(count: 1)
    clock.advance(by: .milliseconds(299))
    #expect(searched.values.isEmpty)
    clock.advance(by: .milliseconds(1))
    await store.receive(.load(.paused), assert: Self.searchStartsEndingTheWait)
    await store.receive(.load(.loaded(Self.firstPage("ra"))), assert: Self.showsFirstPage(of: "ra"))
    await store.finish()
    #expect(searched.values == ["ra"])
  }

  @Test func enterSearchesAtOnceAndDropsTheWait() async {
    let store = makeStore()
    await store.send(.typed("soba")) {
      $0.term = "soba"
      $0.load.awaitsPause = true
      $0.load.startsWait = true
    }
    await store.send(.submitted, assert: Self.searchStartsEndingTheWait)
    await store.receive(.load(.loaded(Self.firstPage("soba"))), assert: Self.showsFirstPage(of: "soba"))
    clock.advance(by: .seconds(1))  // the wait was cancelled: no `.paused` follows
    await store.finish()
    #expect(searched.values == ["soba"])
  }

  @Test func anEditCancelsTheSearchInFlight() async {
    let kitchen = ManualLoad()
    let store = makeStore { state in
      WordSearch.Page(term: state.term, page: 1, words: try await kitchen.load(), total: 1)
    }
    await store.send(.submitted) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
    }
    await kitchen.started(1)
    await store.send(.typed("u")) {
      $0.term = "u"
      $0.load.startsLoad = false
      $0.load.awaitsPause = true
      $0.load.startsWait = true
    }
    await clock.sleepers(count: 1)
    #expect(kitchen.cancelled == [1])
    clock.advance(by: WordSearch.pause)
    await store.receive(.load(.paused)) {
      $0.load.startsLoad = true
      $0.load.startsWait = false
      $0.load.awaitsPause = false
    }
    await kitchen.started(2)
    kitchen.answer(2, with: ["udon"])
    await store.receive(.load(.loaded(WordSearch.Page(term: "u", page: 1, words: ["udon"], total: 1)))) {
      $0.load.phase = .loaded(WordSearch.Hits(WordSearch.Page(term: "u", page: 1, words: ["udon"], total: 1)))
      $0.load.startsLoad = false
    }
    await store.finish()
  }

  @Test func withNoPauseAnEditSearchesAtOnce() {
    var load = ScreenLoad<WordSearch.Hits>()
    load.reduce(.edited, key: "r")
    #expect(load == ScreenLoad(phase: .loading, startsLoad: true))
  }

  @Test func aPauseAfterALoadStartedStartsNothing() {
    var load = ScreenLoad<WordSearch.Hits>(phase: .loading, pause: WordSearch.pause, awaitsPause: true)
    load.reduce(.reload, key: "r")
    #expect(!load.awaitsPause)
    load.reduce(.paused, key: "r")
    #expect(load == ScreenLoad(phase: .loading, pause: WordSearch.pause))
  }

  // MARK: Keys

  @Test func theLoadReadsTheStateWhenItStarts() async {
    let store = makeStore(initialState: WordSearch.State(term: "miso"))
    await store.send(.load(.appear)) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
    }
    await store.receive(.load(.loaded(Self.firstPage("miso"))), assert: Self.showsFirstPage(of: "miso"))
    await store.finish()
    #expect(searched.values == ["miso"])
  }

  @Test func anAnswerForAnOldTermIsDropped() {
    var load = ScreenLoad<WordSearch.Hits>(phase: .loading)
    load.reduce(.loaded(Self.firstPage("ra")), key: "ram")
    #expect(load == ScreenLoad(phase: .loading))
    load.reduce(.loaded(Self.firstPage("ram")), key: "ram")
    #expect(load == ScreenLoad(phase: Self.hits("ram")))

    // Shown content takes no second answer and no page for another term either.
    load.reduce(.loaded(Self.firstPage("ra")), key: "ram")
    #expect(load == ScreenLoad(phase: Self.hits("ram")))
    load.reduce(.more, key: "ram")
    load.reduce(.moreLoaded(WordSearch.page(after: WordSearch.Hits(Self.firstPage("ra")))), key: "ram")
    #expect(load == ScreenLoad(phase: Self.hits("ram"), loadsMore: true))
  }

  @Test func aScreenWithNoKeyTakesEveryAnswer() {
    var load = ScreenLoad<SampleFeature.Content>(phase: .loading)
    load.reduce(.loaded(["ramen"]))
    #expect(load == ScreenLoad(phase: .loaded(SampleFeature.Content(["ramen"]))))
    // No pages: `.more` starts nothing.
    load.reduce(.more)
    #expect(load == ScreenLoad(phase: .loaded(SampleFeature.Content(["ramen"]))))
  }

  // MARK: Pages

  @Test func moreAppendsTheNextPageUntilTheLast() async {
    let store = makeStore(initialState: WordSearch.State(term: "ra"))
    await store.send(.submitted) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
    }
    await store.receive(.load(.loaded(Self.firstPage("ra"))), assert: Self.showsFirstPage(of: "ra"))
    var hits = WordSearch.Hits(Self.firstPage("ra"))
    for _ in 2...3 {
      await store.send(.load(.more)) {
        $0.load.loadsMore = true
        $0.load.startsMore = true
      }
      let page = WordSearch.page(after: hits)
      hits.append(page)
      await store.receive(.load(.moreLoaded(page))) { [hits] in
        $0.load.phase = .loaded(hits)
        $0.load.loadsMore = false
        $0.load.startsMore = false
      }
    }
    #expect(hits.words.count == 6)
    await store.send(.load(.more))  // the last page is loaded: nothing starts
    await store.finish()
  }

  @Test func aFailedPageKeepsTheContentAndMoreAsksAgain() async {
    let failing = Recorder<Int>()
    let store = makeStore(
      more: { hits in
        failing.append(hits.lastPage)
        if failing.values.count == 1 { throw KitchenClosed() }
        return WordSearch.page(after: hits)
      }, initialState: WordSearch.State(term: "ra", load: ScreenLoad(phase: Self.hits("ra"), pause: WordSearch.pause)))
    await store.send(.load(.more)) {
      $0.load.loadsMore = true
      $0.load.startsMore = true
    }
    await store.receive(.load(.moreFailed("The kitchen is closed."))) {
      $0.load.loadsMore = false
      $0.load.startsMore = false
      $0.load.moreFailure = "The kitchen is closed."
    }
    await store.send(.load(.more)) {
      $0.load.loadsMore = true
      $0.load.startsMore = true
      $0.load.moreFailure = nil
    }
    var hits = WordSearch.Hits(Self.firstPage("ra"))
    hits.append(WordSearch.page(after: hits))
    await store.receive(.load(.moreLoaded(WordSearch.page(after: WordSearch.Hits(Self.firstPage("ra")))))) {
      [hits] in
      $0.load.phase = .loaded(hits)
      $0.load.loadsMore = false
      $0.load.startsMore = false
    }
    await store.finish()
    #expect(failing.values == [1, 1])
  }

  @Test func aNewSearchCancelsTheNextPageInFlight() async {
    let pages = ManualLoad()
    let store = makeStore(
      more: { hits in
        WordSearch.Page(term: hits.term, page: hits.lastPage + 1, words: try await pages.load(), total: 6)
      }, initialState: WordSearch.State(term: "ra", load: ScreenLoad(phase: Self.hits("ra"), pause: WordSearch.pause)))
    await store.send(.load(.more)) {
      $0.load.loadsMore = true
      $0.load.startsMore = true
    }
    await pages.started(1)
    await store.send(.typed("ram")) {
      $0.term = "ram"
      $0.load.startsMore = false
      $0.load.loadsMore = false  // the next page in flight is cancelled: none is loading
      $0.load.awaitsPause = true
      $0.load.startsWait = true
    }
    await clock.sleepers(count: 1)
    #expect(pages.cancelled == [1])
    await store.send(.submitted, assert: Self.searchStartsEndingTheWait)
    await store.receive(.load(.loaded(Self.firstPage("ram"))), assert: Self.showsFirstPage(of: "ram"))
    await store.finish()
  }

  @Test func aSecondAnswerUpdatesTheContentKeepingItsPages() {
    var hits = WordSearch.Hits(Self.firstPage("ra"))
    hits.append(WordSearch.page(after: hits))
    let stale = DataOrigin.stale(fetchedAt: .distantPast, age: 300)
    var load = ScreenLoad<WordSearch.Hits>(phase: .loaded(hits), origin: stale)
    // A page the content declines (not the first) changes nothing, not even the origin.
    load.reduce(.loaded(WordSearch.page(after: hits), origin: .network), key: "ra")
    #expect(load == ScreenLoad(phase: .loaded(hits), origin: stale))
    // The refreshed first page takes its place; the second page stays.
    let fresh = WordSearch.Page(term: "ra", page: 1, words: ["rab", "rac"], total: 6)
    load.reduce(.loaded(fresh, origin: .network), key: "ra")
    var updated = hits
    updated.words = ["rab", "rac", "ra2a", "ra2b"]
    #expect(load == ScreenLoad(phase: .loaded(updated)))
  }

  @Test func aSecondAnswerReplacesContentThatKeepsTheDefault() {
    let stale = DataOrigin.stale(fetchedAt: .distantPast, age: 300)
    var load = ScreenLoad<SampleFeature.Content>(phase: .loaded(SampleFeature.Content(["ramen"])), origin: stale)
    load.reduce(.loaded(["soba"], origin: .network))
    #expect(load == ScreenLoad(phase: .loaded(SampleFeature.Content(["soba"]))))
  }
}
