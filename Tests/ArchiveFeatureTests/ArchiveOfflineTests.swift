import ArchiveFeature
import CoreTesting
import FeatureKit
import Foundation
import Networking
import PersistenceTesting
import Testing

/// The search over a query layer (``CachedArchive``): the reducer decides how the search reads the cache, the
/// results keep where they came from, and a stale page is followed by its refresh or marked offline.
@Suite("Archive offline")
struct ArchiveOfflineTests {
  typealias State = ArchiveFeature.State
  typealias Read = CachedArchive.Read

  let cache = CachedArchive()
  static let fetchedAt = Date(timeIntervalSince1970: 1_795_000_000)
  static let stale = DataOrigin.stale(fetchedAt: fetchedAt, age: 300)
  static let offline = DataOrigin.offline(fetchedAt: fetchedAt, reason: "cannot connect")
  /// Page 1 of everything as cached: 20 of 36.
  static let cachedFirst = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)
  /// Page 1 of everything as the API has it now: item 20 is gone and 36 moved up.
  static let freshFirst = ArchiveFixture.page(.all, ids: Array(1...19) + [36], total: 35)

  func makeStore(state: State = State()) -> ArchiveStore {
    makeArchiveStore(client: cache.client, saved: InMemoryPersistence().savedItems, state: state)
  }

  @Test("the first search reads the cache first; a fresh entry answers once")
  func freshEntry() async {
    let cached = DataOrigin.cache(fetchedAt: Self.fetchedAt)
    cache.answer(.cacheFirst, with: .init(page: Self.cachedFirst, origin: cached))
    let store = makeStore()

    await store.send(.search(.all, page: 1)) {
      $0.searching()
    }
    await store.receive(.load(.loaded(Self.cachedFirst, origin: cached))) {
      $0.showing(Self.cachedFirst, origin: cached)
      $0.requests = []
    }
    await store.finish()
    #expect(cache.reads == [Read(policy: .cacheFirst, query: .all, page: 1)])
  }

  @Test("a stale page shows at once, and the refreshed page replaces it")
  func staleThenFresh() async {
    cache.answer(.cacheFirst, with: .init(page: Self.cachedFirst, origin: Self.stale, refresh: .some(nil)))
    cache.answer(.cacheOnly, with: .init(page: Self.freshFirst, origin: .cache(fetchedAt: Self.fetchedAt)))
    cache.holdRefreshes()
    // The first search waits for the saved list to be read, so the two answers arrive in one order.
    let gate = Gate()
    var client = cache.client
    client.search = { [cache] query, page in
      await gate.wait()
      return try await cache.client.search(query, page)
    }
    let store = makeArchiveStore(client: client, saved: InMemoryPersistence().savedItems, state: State())

    await store.send(.appeared) {
      $0.requests = [.observeSaved]
      $0.searching()
      $0.toast.screenAppeared()
    }
    await store.receive(.savedListLoaded([])) {
      $0.saved = .empty
      $0.requests = []
      $0.load.settle()
    }
    gate.open()
    await store.receive(.load(.loaded(Self.cachedFirst, origin: Self.stale))) {
      $0.showing(Self.cachedFirst, origin: Self.stale)
    }
    #expect(cache.reads == [Read(policy: .cacheFirst, query: .all, page: 1)])  // shown before the refresh ends
    cache.endRefresh()
    // The refresh wrote the cache; the second answer is read back from it, and it is fresh.
    await store.receive(.load(.loaded(Self.freshFirst))) {
      $0.showing(Self.freshFirst, origin: .network)
    }
    await store.send(.terminated) { $0.requests = [.stopObservingSaved] }
    await store.finish()
    #expect(
      cache.reads == [Read(policy: .cacheFirst, query: .all, page: 1), Read(policy: .cacheOnly, query: .all, page: 1)])
  }

  @Test("a failed refresh keeps the page marked offline; Retry asks the network first")
  func failedRefreshThenRetry() async {
    cache.answer(
      .cacheFirst, with: .init(page: Self.cachedFirst, origin: Self.stale, refresh: .some("cannot connect")))
    cache.answer(.networkFirst, with: .init(page: Self.freshFirst))
    let store = makeStore()

    await store.send(.search(.all, page: 1)) {
      $0.searching()
    }
    await store.receive(.load(.loaded(Self.cachedFirst, origin: Self.stale))) {
      $0.showing(Self.cachedFirst, origin: Self.stale)
      $0.requests = []
    }
    await store.receive(.load(.loaded(Self.cachedFirst, origin: Self.offline))) { $0.load.origin = Self.offline }

    // The offline page stays on screen (not blanked) until the network's answer replaces it.
    await store.send(.load(.retry)) { $0.searching(networkFirst: true, keeping: true) }
    await store.receive(.load(.loaded(Self.freshFirst))) {
      $0.showing(Self.freshFirst, origin: .network)
      $0.requests = []
    }
    await store.finish()
    #expect(
      cache.reads == [
        Read(policy: .cacheFirst, query: .all, page: 1), Read(policy: .networkFirst, query: .all, page: 1),
      ])
  }

  @Test("refresh asks the network first; with the network down the cache answers, marked offline")
  func refreshOffline() async {
    cache.answer(.networkFirst, with: .init(page: Self.cachedFirst, origin: Self.offline))
    // The search waits for the saved list to be read, so the two answers arrive in one order.
    let gate = Gate()
    var client = cache.client
    client.search = { [cache] query, page in
      await gate.wait()
      return try await cache.client.search(query, page)
    }
    let store = makeArchiveStore(
      client: client, saved: InMemoryPersistence().savedItems,
      state: State(load: searched(.loaded(ArchiveResults(Self.cachedFirst))), saved: .empty))

    await store.send(.refresh) {
      $0.requests = [.readSaved]
      $0.searching(networkFirst: true)
    }
    await store.receive(.savedListLoaded([])) {
      $0.requests = []
      $0.load.settle()
    }
    gate.open()
    await store.receive(.load(.loaded(Self.cachedFirst, origin: Self.offline))) {
      $0.showing(Self.cachedFirst, origin: Self.offline)
    }
    await store.finish()
    #expect(cache.reads == [Read(policy: .networkFirst, query: .all, page: 1)])
  }

  @Test("typing, chips and the CLI's search read the cache first")
  func otherSearchesReadTheCacheFirst() async throws {
    let store = makeStore()
    let curry = try ArchiveFixture.page(ArchiveQuery(keyword: "カレー"), 1)
    let japaneseCurry = try ArchiveFixture.page(ArchiveQuery(keyword: "カレー", category: "和食"), 1)
    let second = try ArchiveFixture.page(.all, 2)

    await store.send(.keywordSubmitted("カレー")) {
      $0.keyword = "カレー"
      $0.searching()
    }
    await store.receive(.load(.loaded(curry))) {
      $0.showing(curry)
      $0.requests = []
    }
    await store.send(.categorySelected("和食")) {
      $0.category = "和食"
      $0.searching()
    }
    await store.receive(.load(.loaded(japaneseCurry))) {
      $0.showing(japaneseCurry)
      $0.requests = []
    }
    await store.send(.search(.all, page: 2)) {
      $0.keyword = ""
      $0.category = nil
      $0.searching()
      $0.firstPage = 2
    }
    await store.receive(.load(.loaded(second))) {
      $0.showing(second)
      $0.requests = []
    }
    await store.finish()
    #expect(cache.reads.map(\.policy) == [.cacheFirst, .cacheFirst, .cacheFirst])
  }

  @Test("pages loaded with load more stay when the stale first page is refreshed")
  func loadMoreSurvivesTheRefresh() async {
    cache.answer(.cacheFirst, with: .init(page: Self.cachedFirst, origin: Self.stale, refresh: .some(nil)))
    cache.answer(.cacheOnly, with: .init(page: Self.freshFirst))
    cache.holdRefreshes()
    let second = ArchiveFixture.page(.all, page: 2, ids: Array(21...36), total: 36)
    let store = makeStore()

    await store.send(.search(.all, page: 1)) {
      $0.searching()
    }
    await store.receive(.load(.loaded(Self.cachedFirst, origin: Self.stale))) {
      $0.showing(Self.cachedFirst, origin: Self.stale)
      $0.requests = []
    }
    await store.send(.load(.more)) {
      $0.load.loadsMore = true
      $0.load.startsMore = true
      $0.load.moreFailure = nil
    }
    await store.receive(.load(.moreLoaded(second))) {
      $0.load.phase = .loaded(
        ArchiveResults(query: .all, items: ArchiveFixture.items(Array(1...36)), total: 36, lastPage: 2))
      $0.load.loadsMore = false
      $0.requests = []
      $0.load.settle()
    }
    cache.endRefresh()
    // Page 1 is replaced by its fresh version; page 2 stays, less 36, which page 1 now holds.
    await store.receive(.load(.loaded(Self.freshFirst))) {
      $0.showing(
        ArchiveResults(
          query: .all, items: ArchiveFixture.items(Array(1...19) + [36] + Array(21...35)), total: 35, lastPage: 2))
    }
    await store.finish()
    #expect(
      cache.reads == [
        Read(policy: .cacheFirst, query: .all, page: 1), Read(policy: nil, query: .all, page: 2),
        Read(policy: .cacheOnly, query: .all, page: 1),
      ])
  }

  @Test("a new search while the stale page refreshes replaces it; the old refresh sends nothing")
  func newSearchReplacesTheRefresh() async throws {
    cache.answer(.cacheFirst, with: .init(page: Self.cachedFirst, origin: Self.stale, refresh: .some(nil)))
    cache.answer(.cacheOnly, with: .init(page: Self.freshFirst))
    cache.holdRefreshes()
    let curry = try ArchiveFixture.page(ArchiveQuery(keyword: "カレー"), 1)
    let store = makeStore()

    await store.send(.search(.all, page: 1)) {
      $0.searching()
    }
    await store.receive(.load(.loaded(Self.cachedFirst, origin: Self.stale))) {
      $0.showing(Self.cachedFirst, origin: Self.stale)
      $0.requests = []
    }
    await store.send(.keywordSubmitted("カレー")) {
      $0.keyword = "カレー"
      $0.searching()
    }
    await store.receive(.load(.loaded(curry))) {
      $0.showing(curry)
      $0.requests = []
    }
    cache.endRefresh()
    await store.finish()  // the replaced search saw its refresh end, cancelled: no second page, no re-read
    #expect(cache.reads.map(\.policy) == [.cacheFirst, .cacheFirst])
  }

  @Test("the reducer takes a second answer only for the shown results' conditions and first page")
  func secondAnswersAreJudgedByTheReducer() async {
    let curry = ArchiveFixture.page(ArchiveQuery(keyword: "カレー"), ids: [6], total: 1)
    let shown = State(load: searched(.loaded(ArchiveResults(Self.cachedFirst)), origin: Self.stale))
    let store = makeStore(state: shown)

    await store.send(.load(.loaded(curry)))  // other conditions: dropped
    await store.send(.load(.loaded(ArchiveFixture.page(.all, page: 2, ids: Array(21...36), total: 36))))  // not shown
    // The same page marked offline (a failed refresh) is taken.
    await store.send(.load(.loaded(Self.cachedFirst, origin: Self.offline))) { $0.load.origin = Self.offline }
    // Shown from an offline read, the next answer for it replaces it: Retry and a reconnection keep the offline
    // results on screen until it lands.
    await store.send(.load(.loaded(Self.freshFirst))) {
      $0.showing(Self.freshFirst, origin: .network)
    }
    await store.finish()

    let empty = makeStore(state: State(load: searched(nothing(.all), origin: Self.stale)))
    await empty.send(.load(.loaded(Self.freshFirst))) {
      $0.showing(Self.freshFirst, origin: .network)
    }
    await empty.finish()
  }

  /// Issue 26: `--json` did not say where the data came from. The items are the same; `origin` and `fetched_at`
  /// end the object.
  @Test("kumiki archive search --json prints the same items whatever the origin, and says the origin")
  func commandOutputSaysTheOrigin() throws {
    let command = try #require(ArchiveFeature.commands.first { $0.path == ["search"] })
    let fresh = State(load: searched(.loaded(ArchiveResults(Self.cachedFirst))), saved: .empty)
    var offline = fresh
    offline.load.origin = Self.offline

    guard case .success(let freshView, let freshJSON) = command.output(fresh, CommandInput()),
      case .success(let offlineView, let offlineJSON) = command.output(offline, CommandInput())
    else {
      Issue.record("the search command failed on loaded results")
      return
    }
    let freshEnd = #","origin":"network","fetched_at":null}"#
    let offlineEnd = #","origin":"offline","fetched_at":"2026-11-18T11:06:40Z"}"#
    #expect(freshJSON.text.hasSuffix(freshEnd))
    #expect(offlineJSON.text.hasSuffix(offlineEnd))
    #expect(offlineJSON.text.dropLast(offlineEnd.count) == freshJSON.text.dropLast(freshEnd.count))
    #expect(offlineJSON.text.hasPrefix(#"{"total":36,"page":1,"per_page":20,"next_page":2,"items":[{"id":1,"#))
    #expect(offlineView == freshView)
  }
}
