import Core
import CoreTesting
import FeatureKit
import Foundation
import LoadingScreenKit
import Networking
import PersistenceTesting
import QueryCache
import Testing

/// The query layer under a loading screen, through test stores and a test clock: max-age, stale-while-revalidate,
/// offline answers, refresh and invalidation. Each "launch" is a new store over the same cache.
@Suite struct QueryCacheLoadTests {
  let kitchen = Kitchen()
  let storage = InMemoryResponseCache()
  let clock = TestClock()
  static let start = Date(timeIntervalSince1970: 1_795_000_000)

  /// A query layer that answers failures at once (retries: `QueryCacheRetryTests`).
  func makeCache(forceNetwork: Bool = false) -> QueryCache {
    let clock = clock
    return QueryCache(
      http: kitchen.client, storage: storage.client,
      configuration: QueryCacheConfiguration(baseURL: Pantry.baseURL, forceNetwork: forceNetwork, retry: .never),
      now: { Self.start.addingTimeInterval(clock.now.offset.seconds) })
  }

  func launch(_ cache: QueryCache) -> TestStore<Pantry.State, Pantry.Action> {
    TestStore(
      initialState: Pantry.State(), reducer: Pantry.reducer,
      middlewares: [
        .screenLoad(id: "pantry.load", state: \.load, action: Pantry.Action.load, load: Pantry.load(cache.client))
      ], clock: clock)
  }

  static func loaded(_ dishes: [String], _ origin: DataOrigin = .network) -> ScreenLoad<Pantry.Content> {
    ScreenLoad(phase: .loaded(Pantry.Content(dishes)), origin: origin)
  }

  static let loading = ScreenLoad<Pantry.Content>(phase: .loading, startsLoad: true)

  @Test func withinMaxAgeASecondLaunchSendsNoRequest() async {
    let cache = makeCache()
    let first = launch(cache)
    await first.send(.load(.appear)) { $0.load = Self.loading }
    await first.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }
    await first.finish()

    clock.advance(by: .seconds(59))
    let second = launch(cache)
    await second.send(.load(.appear)) { $0.load = Self.loading }
    await second.receive(.load(.loaded(["ramen"], origin: .cache(fetchedAt: Self.start)))) {
      $0.load = Self.loaded(["ramen"], .cache(fetchedAt: Self.start))
    }
    await second.finish()
    #expect(kitchen.requests.count == 1)
  }

  @Test func pastMaxAgeTheStaleValueShowsAtOnceAndTheFreshOneReplacesIt() async {
    let cache = makeCache()
    let first = launch(cache)
    await first.send(.load(.appear)) { $0.load = Self.loading }
    await first.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }

    kitchen.dishes = ["ramen", "soba"]
    clock.advance(by: .seconds(61))
    let second = launch(cache)
    let stale = DataOrigin.stale(fetchedAt: Self.start, age: 61)
    await second.send(.load(.appear)) { $0.load = Self.loading }
    await second.receive(.load(.loaded(["ramen"], origin: stale))) { $0.load = Self.loaded(["ramen"], stale) }
    await second.receive(.load(.loaded(["ramen", "soba"]))) { $0.load = Self.loaded(["ramen", "soba"]) }
    await second.finish()
    #expect(kitchen.requests.count == 2)
    #expect(kitchen.requests.last?.headers["If-None-Match"] == "\"ramen\"")
  }

  @Test(
    arguments: [
      (HTTPError.cannotConnect(Pantry.baseURL, reason: "Connection refused"), 200, "cannot connect"),
      (HTTPError.timedOut(Pantry.baseURL), 200, "timed out"),
      // An API the app could not start says why in its own words (the embedded API's data file), not "cannot connect".
      (
        HTTPError.offline(Pantry.baseURL, reason: "The embedded API cannot load its data file"), 200,
        "The embedded API cannot load its data file"
      ),
      (nil, 500, "server error 500"),
    ] as [(HTTPError?, Int, String)])
  func aFailedRefreshKeepsTheStaleValueMarkedOffline(_ failure: HTTPError?, _ status: Int, _ reason: String) async {
    let cache = makeCache()
    let first = launch(cache)
    await first.send(.load(.appear)) { $0.load = Self.loading }
    await first.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }

    kitchen.failure = failure
    kitchen.status = status
    clock.advance(by: .seconds(90))
    let second = launch(cache)
    let stale = DataOrigin.stale(fetchedAt: Self.start, age: 90)
    let offline = DataOrigin.offline(fetchedAt: Self.start, reason: reason)
    await second.send(.load(.appear)) { $0.load = Self.loading }
    await second.receive(.load(.loaded(["ramen"], origin: stale))) { $0.load = Self.loaded(["ramen"], stale) }
    await second.receive(.load(.loaded(["ramen"], origin: offline))) { $0.load = Self.loaded(["ramen"], offline) }
    await second.finish()
    #expect(cache.reachability.unreachableReason == reason)
    #expect(cache.reachability.offlineDataSince == Self.start)
  }

  /// Issue 34, item 10: an answer stamped in the future (fetched, then the clock was set back an hour) was "fresh"
  /// until the clock caught up. It is stale and revalidated at once; a few seconds ahead (a clock slewed by NTP)
  /// still counts as fresh.
  @Test(arguments: [(3600.0, true), (4.0, false)])
  func anAnswerStampedInTheFutureIsStale(setBack seconds: Double, revalidated: Bool) async {
    let clock = clock
    let setBack = Recorder<Double>()  // how far the wall clock was set back, the last value counting
    let cache = QueryCache(
      http: kitchen.client, storage: storage.client,
      configuration: QueryCacheConfiguration(baseURL: Pantry.baseURL, retry: .never),
      now: { Self.start.addingTimeInterval(clock.now.offset.seconds - (setBack.values.last ?? 0)) })
    let first = launch(cache)
    await first.send(.load(.appear)) { $0.load = Self.loading }
    await first.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }
    await first.finish()

    setBack.append(seconds)
    kitchen.dishes = ["ramen", "soba"]
    let second = launch(cache)
    await second.send(.load(.appear)) { $0.load = Self.loading }
    if revalidated {
      let stale = DataOrigin.stale(fetchedAt: Self.start, age: 0)
      await second.receive(.load(.loaded(["ramen"], origin: stale))) { $0.load = Self.loaded(["ramen"], stale) }
      await second.receive(.load(.loaded(["ramen", "soba"]))) { $0.load = Self.loaded(["ramen", "soba"]) }
    } else {
      let cached = DataOrigin.cache(fetchedAt: Self.start)
      await second.receive(.load(.loaded(["ramen"], origin: cached))) { $0.load = Self.loaded(["ramen"], cached) }
    }
    await second.finish()
    #expect(kitchen.requests.count == (revalidated ? 2 : 1))
  }

  @Test func refreshGoesToTheNetworkWithinMaxAge() async {
    let cache = makeCache()
    let store = launch(cache)
    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }
    kitchen.dishes = ["udon"]
    await store.send(.load(.refresh)) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
    }
    await store.receive(.load(.loaded(["udon"]))) { $0.load = Self.loaded(["udon"]) }
    await store.finish()
    #expect(kitchen.requests.count == 2)
  }

  @Test func refreshWithTheNetworkDownShowsTheCacheOfflineAndRetryRecovers() async {
    let cache = makeCache()
    let store = launch(cache)
    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }

    kitchen.failure = .cannotConnect(Pantry.baseURL, reason: "Connection refused")
    clock.advance(by: .seconds(5))
    let offline = DataOrigin.offline(fetchedAt: Self.start, reason: "cannot connect")
    await store.send(.load(.refresh)) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
    }
    await store.receive(.load(.loaded(["ramen"], origin: offline))) { $0.load = Self.loaded(["ramen"], offline) }

    kitchen.failure = nil
    await store.send(.load(.retry)) {  // the cached list stays on screen while Retry asks (issue 35, item 4)
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
    }
    await store.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }
    await store.finish()
    #expect(cache.reachability.unreachableReason == nil)
  }

  @Test func aMissWithTheNetworkDownFailsAsBefore() async {
    kitchen.failure = .cannotConnect(Pantry.baseURL, reason: "Connection refused")
    let store = launch(makeCache())
    await store.send(.load(.appear)) { $0.load = Self.loading }
    let message = String(describing: HTTPError.cannotConnect(Pantry.baseURL, reason: "Connection refused"))
    await store.receive(.load(.failed(message))) {
      $0.load.phase = .failed(message)
      $0.load.startsLoad = false
    }
    await store.finish()
  }

  @Test func aWriteInvalidatesItsTagAndTheNextReadFetches() async throws {
    let cache = makeCache()
    let first = launch(cache)
    await first.send(.load(.appear)) { $0.load = Self.loading }
    await first.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }

    let patch = try HTTPRequest.json(.patch, Pantry.baseURL.appending(path: "dishes"), body: ["gyoza"])
    _ = try await cache.client.data(patch)
    #expect(storage.entries.values.allSatisfy { $0.isInvalidated })

    let second = launch(cache)  // within max-age, yet the write said the entry is out of date
    await second.send(.load(.appear)) { $0.load = Self.loading }
    await second.receive(.load(.loaded(["gyoza"]))) { $0.load = Self.loaded(["gyoza"]) }
    await second.finish()
    #expect(kitchen.requests.map(\.method) == [.get, .patch, .get])
  }

  @Test func freshBypassesTheCacheAndFailsWhenTheNetworkIsDown() async {
    let first = launch(makeCache())
    await first.send(.load(.appear)) { $0.load = Self.loading }
    await first.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }

    let fresh = makeCache(forceNetwork: true)
    let second = launch(fresh)
    await second.send(.load(.appear)) { $0.load = Self.loading }
    await second.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }
    #expect(kitchen.requests.count == 2)

    kitchen.failure = .cannotConnect(Pantry.baseURL, reason: "Connection refused")
    let third = launch(fresh)
    let message = String(describing: HTTPError.cannotConnect(Pantry.baseURL, reason: "Connection refused"))
    await third.send(.load(.appear)) { $0.load = Self.loading }
    await third.receive(.load(.failed(message))) {
      $0.load.phase = .failed(message)
      $0.load.startsLoad = false
    }
    await third.finish()
  }

  @Test func aBrokenCacheNeverFailsARead() async {
    storage.failure = .corruptDatabase(path: "cache.sqlite", reason: "malformed")
    let store = launch(makeCache())
    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }
    await store.finish()
  }
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
