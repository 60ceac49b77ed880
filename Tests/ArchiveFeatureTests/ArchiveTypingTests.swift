import ArchiveFeature
import CoreTesting
import Foundation
import NetworkingTesting
import PersistenceTesting
import Testing

/// Search as you type: the keyword field's edits, debounced on the store's clock (a `TestClock` here).
@Suite("Archive search as you type")
struct ArchiveTypingTests {
  typealias State = ArchiveFeature.State

  static let curry = ArchiveQuery(keyword: "カレー")

  /// A store over the live client on a fake HTTP client, with a test clock.
  static func store(_ fake: FakeHTTPClient, clock: TestClock, state: State = State()) -> ArchiveStore {
    TestStore(
      initialState: state,
      reducer: ArchiveFeature.reducer,
      middlewares: ArchiveFeature.middlewares(
        client: .live(http: fake.client, baseURL: ArchiveFixture.baseURL),
        saved: InMemoryPersistence().savedItems, now: { ArchiveFixture.now }),
      clock: clock)
  }

  @Test("five quick keystrokes send exactly one request, 300 ms after the last one")
  func fiveKeystrokesOneRequest() async throws {
    let fake = FakeHTTPClient()
    try ArchiveFixture.stubSearch(fake, Self.curry)
    let clock = TestClock()
    let store = Self.store(fake, clock: clock)
    for text in ["カ", "カレ", "カレー", "カレー ", "カレー"] {
      await store.send(.keywordEdited(text)) {
        $0.keyword = text
        $0.waitingForPause()
      }
      clock.advance(by: .milliseconds(120))
    }
    clock.advance(by: ArchiveFeature.debounce - .milliseconds(121))
    #expect(fake.requests.isEmpty)
    clock.advance(by: .milliseconds(1))
    await store.receive(.load(.paused)) {
      $0.searching()
    }
    let page = try ArchiveFixture.page(Self.curry, 1)
    await store.receive(.load(.loaded(page))) {
      $0.showing(page)
      $0.requests = []
    }
    await store.finish()
    #expect(queries(fake.requests) == [["q=カレー", "_page=1", "_limit=20"]])
  }

  @Test("a keystroke during a request cancels it; the search for the newer text replaces it")
  func keystrokeCancelsTheSearchInFlight() async throws {
    let log = Recorder<String>()
    let held = Gate()
    let started = Gate()
    let client = fixtureClient { query, page in
      log.append("start " + query.keyword)
      if query.keyword == "カレー" {
        started.open()
        await withTaskCancellationHandler {
          await held.wait()
        } onCancel: {
          log.append("cancel カレー")
        }
        try Task.checkCancellation()
      }
      return try ArchiveFixture.page(query, page)
    }
    let clock = TestClock()
    let store = TestStore(
      initialState: State(), reducer: ArchiveFeature.reducer,
      middlewares: ArchiveFeature.middlewares(client: client, saved: InMemoryPersistence().savedItems),
      clock: clock)
    await store.send(.keywordEdited("カレー")) {
      $0.keyword = "カレー"
      $0.waitingForPause()
    }
    clock.advance(by: ArchiveFeature.debounce)
    await store.receive(.load(.paused)) {
      $0.searching()
    }
    await started.wait()  // the search for カレー is in flight

    await store.send(.keywordEdited("ラーメン")) {
      $0.keyword = "ラーメン"
      $0.waitingForPause()
    }
    #expect(log.values == ["start カレー", "cancel カレー"])
    held.open()
    clock.advance(by: ArchiveFeature.debounce)
    await store.receive(.load(.paused)) {
      $0.searching()  // `load.phase` stays .loading (the cancelled search for カレー)
    }
    let page = try ArchiveFixture.page(ArchiveQuery(keyword: "ラーメン"), 1)
    await store.receive(.load(.loaded(page))) {
      $0.showing(page)
      $0.requests = []
    }
    await store.finish()
    #expect(log.values == ["start カレー", "cancel カレー", "start ラーメン"])
  }

  @Test("Enter searches at once, without waiting for the pause, and the pending wait is dropped")
  func enterDoesNotWait() async throws {
    let fake = FakeHTTPClient()
    try ArchiveFixture.stubSearch(fake, Self.curry)
    let clock = TestClock()
    let store = Self.store(fake, clock: clock)
    await store.send(.keywordEdited("カレー")) {
      $0.keyword = "カレー"
      $0.waitingForPause()
    }
    await store.send(.keywordSubmitted("カレー")) {
      $0.searching()
    }
    let page = try ArchiveFixture.page(Self.curry, 1)
    await store.receive(.load(.loaded(page))) {
      $0.showing(page)
      $0.requests = []
    }
    clock.advance(by: .seconds(10))  // the cancelled wait sends nothing (finish fails on a stray action)
    await store.finish()
    #expect(fake.requests.count == 1)
    #expect(clock.now.offset == .seconds(10))
  }

  @Test("clearing the field searches everything again; an edit that leaves the query unchanged searches nothing")
  func clearingShowsEverything() async throws {
    let fake = FakeHTTPClient()
    try ArchiveFixture.stubSearch(fake, .all)
    let clock = TestClock()
    let curry = try ArchiveFixture.page(Self.curry, 1)
    let store = Self.store(
      fake, clock: clock, state: State(keyword: "カレー", load: searched(.loaded(ArchiveResults(curry)))))
    await store.send(.keywordEdited("カレー  ")) { $0.keyword = "カレー  " }
    #expect(clock.sleeperCount == 0 && store.store.effectsInFlight == 0)
    await store.send(.keywordEdited("")) {
      $0.keyword = ""
      $0.waitingForPause()
    }
    clock.advance(by: ArchiveFeature.debounce)
    await store.receive(.load(.paused)) {
      $0.searching()
    }
    let all = try ArchiveFixture.page(.all, 1)
    await store.receive(.load(.loaded(all))) {
      $0.showing(all)
      $0.requests = []
    }
    await store.finish()
    #expect(queries(fake.requests) == [["_page=1", "_limit=20"]])
  }

  @Test("the keyword highlight follows the keyword as typed, before the results do")
  func highlightFollowsTyping() throws {
    let all = try ArchiveFixture.page(.all, 1)
    var state = State(load: searched(.loaded(ArchiveResults(all))))
    state.keyword = "カレー"
    let view = ArchiveFeature.present(state)
    let highlighted = view.plainText.joined(separator: "\n")
    #expect(highlighted.contains("カレー"))
    guard case .stack(let children) = view, case .tabs(_, let content) = children.first,
      case .stack(let screen) = content,
      case .list(let list) = screen.first(where: { if case .list = $0 { true } else { false } })
    else {
      Issue.record("unexpected shape")
      return
    }
    let spans = list.items.flatMap(\.title)
    #expect(spans.contains { $0.style == .highlight && $0.text == "カレー" })
  }
}
