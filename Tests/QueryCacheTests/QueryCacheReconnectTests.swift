import CoreTesting
import Foundation
import Networking
import PersistenceTesting
import QueryCache
import Synchronization
import Testing

/// Issue 35: offline, nothing asked the API again: the TUI said `offline  1 change waiting to send` until the user
/// pressed `r`. `reconnectWhileUnreachable()` asks it with back-off (1 s doubling to 30 s, jitter from the injected
/// source) on the injected clock, only while it does not answer; its answer is a reconnection (once) and the outbox
/// drains. A 5xx is a server error, not offline. No sleeps: the test clock is advanced.
@Suite(.timeLimit(.minutes(1)))
struct QueryCacheReconnectTests {
  static let baseURL = URL(string: "http://ledger.test/api/")!
  static let refused = HTTPError.cannotConnect(baseURL, reason: "Connection refused")
  let ledger = Ledger()
  let outbox = InMemoryOutbox()
  let responses = InMemoryResponseCache()
  let clock = TestClock()

  /// A query layer on the test clock; `random` is the jitter source (0: every wait is the whole delay).
  func makeCache(random: Double = 0) -> QueryCache {
    QueryCache(
      http: ledger.client, storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "ledger", retry: .never),
      outbox: outbox.client, clock: clock, random: { random })
  }

  /// The probes that reached the ledger: GETs of the base URL.
  var probes: Int { ledger.received.filter { $0.method == .get && $0.url == Self.baseURL }.count }

  /// Waits until the probe waits on the clock, and checks how many probes were sent by then.
  func waitForProbe(after count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    await clock.sleepers(count: 1)
    #expect(probes == count, sourceLocation: sourceLocation)
  }

  @Test func offlineTheAPIIsProbedWithBackOffAndItsAnswerReconnectsOnceAndDrainsTheOutbox() async throws {
    let cache = makeCache()
    let reconnections = Mutex(0)
    let (reconnected, reconnecting) = AsyncStream<Void>.makeStream()
    cache.reachability.onReconnect {
      reconnections.withLock { $0 += 1 }
      reconnecting.yield()
    }
    let (changes, changing) = AsyncStream<Set<String>>.makeStream()
    cache.observeChanges { changing.yield($0) }
    let probing = Task { await cache.reconnectWhileUnreachable() }
    defer { probing.cancel() }

    ledger.failure = Self.refused
    await #expect(throws: WriteQueued(id: 1, pending: 1)) {
      try await cache.client.send(
        HTTPRequest(method: .patch, url: Self.baseURL.appending(path: "profile_personal"), body: Data("{}".utf8)))
    }
    #expect(cache.reachability.unreachableStatus == "offline")

    // Probes at 1 s, then 2 s and 4 s later.
    await waitForProbe(after: 0)
    clock.advance(by: .milliseconds(999))
    #expect(probes == 0)
    clock.advance(by: .milliseconds(1))
    await waitForProbe(after: 1)
    clock.advance(by: .seconds(2))
    await waitForProbe(after: 2)
    clock.advance(by: .seconds(3))
    #expect(probes == 2)
    #expect(outbox.entries.count == 1)
    #expect(reconnections.withLock { $0 } == 0)

    ledger.failure = nil  // the API is back
    clock.advance(by: .seconds(1))
    var reconnectedEvents = reconnected.makeAsyncIterator()
    _ = await reconnectedEvents.next()
    // The outbox drains: the sent change's tag is invalidated, which observers are told.
    for await tags in changes where tags.contains("profile_personal") { break }
    #expect(outbox.entries.isEmpty)
    #expect(probes == 3)
    #expect(cache.reachability.unreachableStatus == nil)
    #expect(ledger.received.last?.method == .patch)

    // Reachable again: no probe until the next failure, whose back-off starts again at 1 s.
    ledger.failure = Self.refused
    _ = try? await cache.client.send(.get(Self.baseURL.appending(path: "dishes")))
    await waitForProbe(after: 3)
    #expect(reconnections.withLock { $0 } == 1)
    clock.advance(by: .seconds(1))
    await waitForProbe(after: 4)
  }

  @Test func theBackOffDoublesToThirtySecondsWithJitterFromTheInjectedSource() async throws {
    let cache = makeCache(random: 0.5)  // each wait shortened by a quarter
    ledger.failure = Self.refused
    _ = try? await cache.client.send(.get(Self.baseURL.appending(path: "dishes")))
    let probing = Task { await cache.reconnectWhileUnreachable() }
    defer { probing.cancel() }
    var expected: [Duration] = []
    for (index, full) in [1, 2, 4, 8, 16, 30, 30].enumerated() {
      await waitForProbe(after: index)
      let wait = Duration.milliseconds(full * 750)
      clock.advance(by: wait - .milliseconds(1))
      #expect(probes == index, "the wait before probe \(index + 1) is not over")
      clock.advance(by: .milliseconds(1))
      expected.append(wait)
    }
    await waitForProbe(after: 7)
    #expect(clock.now.offset == expected.reduce(.zero, +))
  }

  @Test func aServerErrorIsNotOfflineAndIsProbedUntilItPasses() async throws {
    let cache = makeCache()
    ledger.statuses = [503]
    let answer = try await cache.client.send(.get(Self.baseURL.appending(path: "dishes")))
    #expect(answer.status == 503)
    #expect(cache.reachability.unreachableStatus == "server error")
    let reconnections = Mutex(0)
    let (reconnected, reconnecting) = AsyncStream<Void>.makeStream()
    cache.reachability.onReconnect {
      reconnections.withLock { $0 += 1 }
      reconnecting.yield()
    }
    let probing = Task { await cache.reconnectWhileUnreachable() }
    defer { probing.cancel() }

    ledger.statuses = [500]
    await waitForProbe(after: 0)
    clock.advance(by: .seconds(1))
    await waitForProbe(after: 1)
    #expect(cache.reachability.unreachableStatus == "server error")
    #expect(reconnections.withLock { $0 } == 0)
    clock.advance(by: .seconds(2))  // answered 200
    var reconnectedEvents = reconnected.makeAsyncIterator()
    _ = await reconnectedEvents.next()
    #expect(reconnections.withLock { $0 } == 1)
    #expect(cache.reachability.unreachableStatus == nil)
  }

  @Test func cancelledItStopsAtOnce() async throws {
    let cache = makeCache()
    ledger.failure = Self.refused
    _ = try? await cache.client.send(.get(Self.baseURL.appending(path: "dishes")))
    let probing = Task { await cache.reconnectWhileUnreachable() }
    await waitForProbe(after: 0)
    probing.cancel()
    await probing.value
    clock.advance(by: .seconds(60))
    #expect(probes == 0)

    // Cancelled while the API answers (waiting for a failure): it ends too.
    let reachable = makeCache()
    let waiting = Task { await reachable.reconnectWhileUnreachable() }
    waiting.cancel()
    await waiting.value
  }
}
