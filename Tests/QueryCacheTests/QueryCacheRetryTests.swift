import Core
import CoreTesting
import FeatureKit
import Foundation
import LoadingScreenKit
import Networking
import PersistenceTesting
import QueryCache
import Synchronization
import Testing

/// GETs that fail for a reason that may pass are tried again: 3 tries, waits of 1 s then 2 s (doubling to a 30 s
/// cap), with jitter from an injected source, on the test clock; never after a 4xx or a cancellation.
@Suite struct QueryCacheRetryTests {
  let kitchen = Kitchen()
  let storage = InMemoryResponseCache()
  let clock = TestClock()
  static let dishes = HTTPRequest.get(Pantry.baseURL.appending(path: "dishes"))
  static let refused = HTTPError.cannotConnect(Pantry.baseURL, reason: "Connection refused")

  /// A query layer retrying on the test clock; `random` is the jitter source (0: every wait is the whole delay).
  func makeCache(retry: RetryPolicy = .standard, random: Double = 0) -> QueryCache {
    QueryCache(
      http: kitchen.client, storage: storage.client,
      configuration: QueryCacheConfiguration(baseURL: Pantry.baseURL, retry: retry), clock: clock,
      random: { random })
  }

  /// Sends the GET network first, in a task of its own.
  func read(_ cache: QueryCache) -> Task<HTTPResponse, any Error> {
    Task { try await QueryTrace(policy: .networkFirst).run { try await cache.client.send(Self.dishes) } }
  }

  /// Waits until the GET waits to be tried again, and checks how many tries reached the kitchen by then.
  func waitForRetry(after tries: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    await clock.sleepers(count: 1)
    #expect(kitchen.requests.count == tries, sourceLocation: sourceLocation)
  }

  @Test func anUnreachableAPIIsTriedThreeTimesWaitingOneThenTwoSeconds() async throws {
    let cache = makeCache()
    kitchen.failure = Self.refused
    let read = read(cache)

    await waitForRetry(after: 1)
    clock.advance(by: .milliseconds(999))
    #expect(kitchen.requests.count == 1)  // the wait is not over: no second try yet
    clock.advance(by: .milliseconds(1))
    await waitForRetry(after: 2)
    clock.advance(by: .milliseconds(1_999))
    #expect(kitchen.requests.count == 2)
    kitchen.failure = nil  // the API is back for the third try
    clock.advance(by: .milliseconds(1))

    let response = try await read.value
    #expect(response.status == 200)
    #expect(kitchen.requests.count == 3)
    #expect(clock.now.offset == .seconds(3))
    #expect(cache.reachability.unreachableReason == nil)
  }

  @Test func afterThreeFailedTriesTheLastFailureIsTheAnswer() async throws {
    let cache = makeCache()
    kitchen.status = 503
    let read = read(cache)

    await waitForRetry(after: 1)
    clock.advance(by: .seconds(1))
    await waitForRetry(after: 2)
    clock.advance(by: .seconds(2))

    let response = try await read.value
    #expect(response.status == 503)
    #expect(kitchen.requests.count == 3)
    #expect(clock.sleeperCount == 0)
    #expect(cache.reachability.unreachableReason == "server error 503")
  }

  @Test func aRetryAfterTheAnswerGivesIsWaitedInsteadOfTheBackOffAtMostTheCap() async throws {
    let cache = makeCache()
    kitchen.status = 503
    kitchen.retryAfter = "7"
    let read = read(cache)

    await waitForRetry(after: 1)
    kitchen.retryAfter = "3600"  // beyond the 30 s cap
    clock.run()  // to the waiting retry's deadline
    #expect(clock.now.offset == .seconds(7))  // 7 s asked, not the policy's 1 s
    await waitForRetry(after: 2)
    kitchen.status = 200
    clock.run()
    #expect(clock.now.offset == .seconds(37))  // 30 s, the cap, not the policy's 2 s nor the hour asked

    let response = try await read.value
    #expect(response.status == 200)
    #expect(kitchen.requests.count == 3)
  }

  @Test(arguments: [400, 401, 403, 404, 408, 409, 422, 429])
  func a4xxIsNeverRetried(status: Int) async throws {
    let cache = makeCache()
    kitchen.status = status
    let response = try await read(cache).value
    #expect(response.status == status)
    #expect(kitchen.requests.count == 1)
    #expect(clock.sleeperCount == 0)
  }

  /// Issue 35: each offline CLI read waited about 2 s (two retries of a refused connection) before answering from
  /// the cache. A port refused on this machine is a definite answer: one try, no wait, the cached entry answers.
  @Test(.timeLimit(.minutes(1)))
  func aConnectionRefusedOnLoopbackIsNotRetried() async throws {
    let loopback = URL(string: "http://127.0.0.1:9/api")!
    let dishes = HTTPRequest.get(loopback.appending(path: "dishes"))
    let cache = QueryCache(
      http: kitchen.client, storage: storage.client, configuration: QueryCacheConfiguration(baseURL: loopback),
      clock: clock, random: { 0 })
    _ = try await cache.client.send(dishes)  // cached
    kitchen.failure = .cannotConnect(loopback, reason: "Connection refused")
    // Before the fix this read waited on the test clock, which nothing advances: the time limit ended it.
    let response = try await QueryTrace(policy: .networkFirst).run { try await cache.client.send(dishes) }
    #expect(response.status == 200)
    #expect(kitchen.requests.count == 2)
    #expect(clock.sleeperCount == 0)
    #expect(cache.reachability.unreachableStatus == "offline")
    #expect(cache.reachability.offlineDataSince != nil)
  }

  @Test func aCancelledReadIsNotRetried() async throws {
    let cache = makeCache()
    kitchen.failure = Self.refused
    let read = read(cache)
    await waitForRetry(after: 1)

    read.cancel()
    await #expect(throws: CancellationError.self) { try await read.value }
    clock.advance(by: .seconds(60))
    #expect(kitchen.requests.count == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func readersSharingAFetchShareItsRetries() async throws {
    let cache = makeCache()
    kitchen.failure = Self.refused
    let first = read(cache)
    await waitForRetry(after: 1)
    let second = read(cache)
    while cache.waiting(on: Self.dishes) < 2 { await Task.yield() }
    kitchen.failure = nil
    clock.advance(by: .seconds(1))

    #expect(try await first.value.status == 200)
    #expect(try await second.value.status == 200)
    #expect(kitchen.requests.count == 2)
  }

  @Test func theJitterShortensEachWaitByUpToItsShare() async throws {
    // Half of each wait is random (the standard jitter); the source says 0.5: 1 s becomes 0.75 s.
    let cache = makeCache(random: 0.5)
    kitchen.failure = Self.refused
    let read = read(cache)

    await waitForRetry(after: 1)
    clock.advance(by: .milliseconds(749))
    #expect(kitchen.requests.count == 1)
    kitchen.failure = nil
    clock.advance(by: .milliseconds(1))
    #expect(try await read.value.status == 200)
    #expect(kitchen.requests.count == 2)
  }

  @Test func theWaitDoublesUpToThirtySeconds() async throws {
    let policy = RetryPolicy(attempts: 8)
    let waits = (1...7).map { policy.delay(afterFailedTries: $0, random: 0) }
    #expect(waits == [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
    // With the most jitter the source can give, a wait is never under half its delay, and never over the cap.
    #expect(policy.delay(afterFailedTries: 7, random: 0.999_999) == .milliseconds(15_000))
    #expect(policy.delay(afterFailedTries: 64, random: 0) == .seconds(30))
    #expect(RetryPolicy.standard.attempts == 3)
    // Out-of-range settings are brought into range.
    #expect(RetryPolicy(attempts: 0).attempts == 1)
    #expect(RetryPolicy(attempts: 1_000).attempts == 10)
    #expect(RetryPolicy(jitter: .nan).jitter == 0)
    #expect(RetryPolicy(jitter: 7).jitter == 1)

    // Through the query layer: eight tries wait 1 + 2 + 4 + 8 + 16 + 30 + 30 = 91 s in all.
    let cache = makeCache(retry: policy)
    kitchen.failure = Self.refused
    let read = read(cache)
    for (tries, wait) in zip(1..., waits) {
      await waitForRetry(after: tries)
      clock.advance(by: wait - .milliseconds(1))
      #expect(kitchen.requests.count == tries)
      clock.advance(by: .milliseconds(1))
    }
    await #expect(throws: HTTPError.self) { try await read.value }
    #expect(kitchen.requests.count == 8)
    #expect(clock.now.offset == .seconds(91))
  }

  @Test func reachingTheAPIAgainAfterAFailureIsAReconnection() async throws {
    let cache = makeCache()
    let reconnections = Mutex(0)
    cache.reachability.onReconnect { reconnections.withLock { $0 += 1 } }

    _ = try await read(cache).value  // reached, never failed: no reconnection
    #expect(reconnections.withLock { $0 } == 0)

    kitchen.failure = Self.refused
    let read = read(cache)
    await waitForRetry(after: 2)
    #expect(cache.reachability.unreachableReason == "cannot connect")
    kitchen.failure = nil
    clock.advance(by: .seconds(1))
    _ = try await read.value
    #expect(reconnections.withLock { $0 } == 1)
    #expect(cache.reachability.unreachableReason == nil)

    _ = try await self.read(cache).value  // reached again: still one reconnection
    #expect(reconnections.withLock { $0 } == 1)
  }

  @Test func aScreenShowsLoadingWhileItsLoadIsRetried() async {
    let cache = makeCache()
    let store = TestStore(
      initialState: Pantry.State(), reducer: Pantry.reducer,
      middlewares: [
        .screenLoad(id: "pantry.load", state: \.load, action: Pantry.Action.load, load: Pantry.load(cache.client))
      ], clock: clock)
    kitchen.failure = Self.refused

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await waitForRetry(after: 1)
    #expect(store.state.load.phase == .loading)  // nothing was sent back: the screen still shows loading
    kitchen.failure = nil
    clock.advance(by: .seconds(1))
    await store.receive(.load(.loaded(["ramen"]))) { $0.load = ScreenLoad(phase: .loaded(Pantry.Content(["ramen"]))) }
    await store.finish()
    #expect(kitchen.requests.count == 2)
  }
}
