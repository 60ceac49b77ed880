import CoreTesting
import Foundation
import Networking
import Persistence
import PersistenceTesting
import QueryCache
import Synchronization
import Testing

/// Issue 36, item 3: the outbox orders its writes per resource (the first path segment: `larder`,
/// `dishes` for `dishes/3`) — one at a time and in order for one resource, side by side for different ones; a refusal
/// takes back its own change and the later edits of the same path, in one message; a server that keeps
/// failing is asked again at a back-off's pace (jitter, a cap, `Retry-After` in both forms) on the injected clock,
/// however often something triggers a round.
@Suite(.timeLimit(.minutes(1)))
struct OutboxOrderingTests {
  static let baseURL = URL(string: "http://switch.test/api/")!
  static let start = Date(timeIntervalSince1970: 1_795_000_000)
  let server = Switchboard()
  let storage = InMemoryOutbox()
  let responses = InMemoryResponseCache()
  /// The injected wall clock, moved by the tests.
  let now = WallClock(Self.start)

  /// A query layer over the fake server; `random` is the back-off's jitter source.
  func makeCache(random: Double = 0, http: HTTPClient? = nil) -> QueryCache {
    QueryCache(
      http: http ?? server.client, storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "switch", retry: .never),
      outbox: storage.client, now: now.read, random: { random })
  }

  /// A query layer whose time is `clock`'s, wall clock (`now`) and sleeps alike, as in the apps; the wall clock is
  /// `setBack()` behind the clock's time.
  func makeCache(clock: TestClock, setBack: @escaping @Sendable () -> Duration = { .zero }) -> QueryCache {
    QueryCache(
      http: server.client, storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "switch", retry: .never),
      outbox: storage.client,
      now: {
        let offset = (clock.now.offset - setBack()).components
        return Self.start.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
      },
      clock: clock, random: { 0 })
  }

  /// An outbox on `clock`'s time whose one write, `PATCH larder`, the server has just refused with a 503 (its
  /// back-off: 1 s, no jitter drawn), with what that round said and the outbox's own retries running.
  func refusedWrite(
    clock: TestClock, setBack: @escaping @Sendable () -> Duration = { .zero }
  ) async throws -> (outbox: Outbox, report: Outbox.SendReport, timer: Task<Void, Never>) {
    let cache = makeCache(clock: clock, setBack: setBack)
    let outbox = try #require(cache.outbox)
    await queue(cache, [(.patch, "larder", "p")])
    server.failing = ["larder": 503]
    server.received.removeAll()
    let report = await outbox.send()
    return (outbox, report, Task { await outbox.retryWhenDue() })
  }

  static func write(_ method: HTTPMethod, _ path: String, _ body: String) -> HTTPRequest {
    HTTPRequest(method: method, url: baseURL.appending(path: path), body: Data(body.utf8))
  }

  /// Queues `writes` (method, path, body) while the server cannot be reached.
  func queue(_ cache: QueryCache, _ writes: [(HTTPMethod, String, String)]) async {
    server.offline = true
    defer { server.offline = false }
    for (method, path, body) in writes {
      await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(method, path, body)) }
    }
    await cache.outbox?.finishSending()
  }

  /// Moves the injected wall clock on.
  func advance(_ seconds: Double) {
    now.advance(seconds)
  }

  @Test func oneResourcesWritesGoOneAtATimeInOrderAndDifferentResourcesSideBySide() async throws {
    let cache = makeCache()
    await queue(
      cache,
      [
        (.patch, "larder", "p1"), (.put, "dishes/1", "d1"), (.post, "comments", "c1"),
        (.patch, "larder", "p2"), (.delete, "dishes/2", "d2"), (.post, "comments", "c2"),
        (.patch, "larder", "p3"),
      ])
    server.received.removeAll()
    // The first write of each of the three resources must be in flight at the same time for any to be answered:
    // sent one after another, the first would wait forever (the suite's time limit).
    server.gate = ArrivalGate(count: 3)
    let report = try #require(await cache.outbox?.send())
    #expect(report.sent.map(\.id) == [1, 2, 3, 4, 5, 6, 7])
    #expect(storage.entries.isEmpty)
    // Per resource: in order, never two at once.
    #expect(server.bodies(of: "larder") == ["p1", "p2", "p3"])
    #expect(server.bodies(of: "dishes") == ["d1", "d2"])
    #expect(server.bodies(of: "comments") == ["c1", "c2"])
    #expect(server.mostInFlight.values.allSatisfy { $0 == 1 })
    #expect(server.mostInFlightInAll == 3)
  }

  @Test func atMostResourcesAtOnceAreSentToTogether() async throws {
    let cache = makeCache()
    let paths = (1...7).map { "resource\($0)" }
    await queue(cache, paths.map { (.put, $0, "x") })
    server.gate = ArrivalGate(count: Outbox.resourcesAtOnce)
    let report = try #require(await cache.outbox?.send())
    #expect(report.sent.count == 7)
    #expect(server.mostInFlightInAll == Outbox.resourcesAtOnce)
  }

  @Test func aFailingResourceDoesNotHoldTheOthersAndKeepsItsOrder() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    await queue(
      cache, [(.patch, "larder", "p1"), (.put, "dishes/1", "d1"), (.patch, "larder", "p2")])
    server.failing = ["larder": 503]
    let report = await outbox.send()
    #expect(report.sent.map(\.id) == [2])
    #expect(report.stopped == "server error 503")
    #expect(storage.entries.map(\.id) == [1, 3])
    #expect(storage.entries.last?.attempts == 0)  // p2 never overtakes p1
    // A new write to another resource is sent at once; one to the failing resource goes behind its writes.
    server.received.removeAll()
    let answer = try await cache.client.send(Self.write(.put, "dishes/2", "d2"))
    #expect(answer.status == 200)
    await #expect(throws: WriteQueued(id: 4, pending: 3)) {
      try await cache.client.send(Self.write(.patch, "larder", "p3"))
    }
    #expect(outbox.summary.queuedReason == "waiting behind earlier changes (server error 503)")
    server.failing = [:]
    #expect(await outbox.send().sent.map(\.id) == [1, 3, 4])
    #expect(server.bodies(of: "larder").suffix(3) == ["p1", "p2", "p3"])
  }

  @Test func aRefusalRollsBackItsChangeAndTheLaterEditsOfItsPathAndSaysSoOnce() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    let profile = Self.baseURL.appending(path: "larder")
    #expect(try await server.nickname(through: cache, profile) == "server")
    server.offline = true
    for nickname in ["a", "b", "c"] {
      let body = Data(#"{"nickname":"\#(nickname)"}"#.utf8)
      let intent = WriteIntent(optimistic: [OptimisticChange(path: "larder", merge: body)])
      await #expect(throws: WriteQueued.self) {
        try await intent.run { try await cache.client.send(HTTPRequest(method: .patch, url: profile, body: body)) }
      }
      if nickname == "a" {
        await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/1", "d")) }
      }
    }
    // Shown while they wait (the server answers reads, not writes).
    #expect(try await server.nickname(through: cache, profile) == "c")
    await outbox.finishSending()
    server.offline = false
    server.received.removeAll()
    server.failing = ["larder": 422]
    let report = await outbox.send()
    #expect(report.refused.map(\.id) == [1, 3, 4])
    #expect(report.sent.map(\.id) == [2])
    // Only the first was sent: the others were made over a change that did not happen.
    #expect(server.bodies(of: "larder") == [#"{"nickname":"a"}"#])
    #expect(storage.entries.map(\.state) == [.refused, .refused, .refused])
    #expect(
      storage.entries.dropFirst().map(\.lastError) == [
        "not sent: made after #1 (PATCH larder), which the server refused (422)",
        "not sent: made after #1 (PATCH larder), which the server refused (422)",
      ])
    // One message for the three, and every change rolled back: the screen shows the server's nickname.
    #expect(
      outbox.takeNotices() == [
        "The server refused a change that waited to send (PATCH larder, 422) - your change and the 2 made "
          + "after it to larder were undone.",
        "Sent 1 waiting change.",
      ])
    server.failing = [:]
    #expect(try await server.nickname(through: cache, profile) == "server")
    // Refused writes are never sent again; a new write to the resource goes at once.
    await outbox.send()
    #expect(server.bodies(of: "larder") == [#"{"nickname":"a"}"#])
  }

  @Test func aServerThatKeepsFailingIsAskedAgainAtTheBackOffsPaceHoweverOftenRoundsAreTriggered() async throws {
    let cache = makeCache(random: 0)
    let outbox = try #require(cache.outbox)
    await queue(cache, [(.patch, "larder", "p")])
    server.failing = ["larder": 503]
    server.received.removeAll()
    // An hour of a busy app: ten reads a second reach the API, each asking the outbox to send what waits.
    for _ in 0..<36_000 {
      outbox.sendIfWaiting()
      await outbox.finishSending()
      advance(0.1)
    }
    // 1 s doubling to the 60 s cap (no jitter drawn): tries at about 0, 1, 3, 7, 15, 31, 63 s, then every 60 s —
    // about 66, not 36,000.
    let tries = server.bodies(of: "larder").count
    #expect((60...70).contains(tries))
    // An explicit round (the user's `kumiki outbox send`, a new write) tries at once, whatever the back-off.
    await outbox.send()
    #expect(server.bodies(of: "larder").count == tries + 1)
  }

  @Test func aWriteTheServerAnswered503IsRetriedByItselfAtItsDueTimeAndNotBefore() async throws {
    let clock = TestClock()
    let (outbox, report, timer) = try await refusedWrite(clock: clock)
    defer { timer.cancel() }
    #expect(report.stopped == "server error 503")
    await clock.sleepers(count: 1)
    clock.advance(by: .milliseconds(999))
    await clock.sleepers(count: 1)  // asleep again: a round woken too early would have ended
    #expect(server.bodies(of: "larder") == ["p"])  // not before
    // At its due time, by itself: no read reaches the API, no probe runs. Refused again, it sleeps until the next.
    clock.advance(by: .milliseconds(1))
    await clock.sleepers(count: 1)
    #expect(server.bodies(of: "larder") == ["p", "p"])
    server.failing = [:]
    clock.advance(by: .milliseconds(1_999))
    await clock.sleepers(count: 1)
    #expect(server.bodies(of: "larder").count == 2)
    clock.advance(by: .milliseconds(1))
    for await _ in outbox.changes() where storage.entries.isEmpty { break }
    #expect(server.bodies(of: "larder") == ["p", "p", "p"])
    // Nothing waits: nothing is due, and an hour later nothing was sent.
    clock.advance(by: .seconds(3_600))
    timer.cancel()
    await timer.value
    #expect(server.bodies(of: "larder").count == 3)
  }

  @Test func retryingByItselfAFailingServerIsAskedOncePerBackOffWithOneWakeUpEach() async throws {
    let clock = TestClock()
    let (_, _, timer) = try await refusedWrite(clock: clock)
    defer { timer.cancel() }
    // An hour of an idle app: each wake-up is a due time (the clock moved to the one sleep waiting), and tries once.
    var wakeUps = 0
    while clock.now.offset < .seconds(3_600) {
      await clock.sleepers(count: 1)
      clock.run()
      wakeUps += 1
    }
    await clock.sleepers(count: 1)  // the last round ended
    let tries = server.bodies(of: "larder").count
    #expect((60...70).contains(tries))
    #expect(tries == wakeUps + 1)
  }

  @Test func aWallClockSetBackLeavesRetryingByItselfOn() async throws {
    let clock = TestClock()
    let setBack = Mutex(Duration.zero)
    let (outbox, _, timer) = try await refusedWrite(clock: clock, setBack: { setBack.withLock { $0 } })
    defer { timer.cancel() }
    await clock.sleepers(count: 1)
    clock.advance(by: .seconds(1))
    await clock.sleepers(count: 1)  // tried at 1 s (the time acted on), refused: back-off 2 s
    #expect(server.bodies(of: "larder").count == 2)
    // The wall clock goes back an hour; a round a request triggers is refused again: its back-off (4 s) ends long
    // before the time acted on last.
    setBack.withLock { $0 = .seconds(3_600) }
    await outbox.send()
    #expect(server.bodies(of: "larder").count == 3)
    server.failing = [:]
    await clock.sleepers(count: 1)
    clock.advance(by: .seconds(4))
    for await _ in outbox.changes() where storage.entries.isEmpty { break }
    #expect(server.bodies(of: "larder").count == 4)
  }

  @Test func aRetryAfterOnAnAnswerOtherThanA503HoldsOnlyTheResourceItAnsweredFor() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    await queue(cache, [(.patch, "larder", "p1"), (.put, "dishes/1", "d1")])
    server.received.removeAll()
    server.failing = ["larder": 429]
    server.retryAfter = "90"
    #expect(await outbox.send().sent.map(\.id) == [2])
    // Another resource's write is sent at once; one to the resource that was asked to wait goes behind, unsent.
    #expect(try await cache.client.send(Self.write(.put, "dishes/2", "d2")).status == 200)
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.patch, "larder", "p2")) }
    #expect(outbox.summary.queuedReason?.hasSuffix("(the server asked to wait 90 s more (Retry-After))") == true)
    // Every round keeps it, an explicit one too.
    server.failing = [:]
    advance(89)
    #expect(await outbox.send().stopped == "the server asked to wait 1 s more (Retry-After)")
    #expect(server.bodies(of: "larder") == ["p1"])
    advance(1)
    #expect(await outbox.send().sent.count == 2)
    #expect(server.bodies(of: "larder") == ["p1", "p1", "p2"])
  }

  @Test func aRestartBetweenTwoQueuedEditsOfOneItemSendsTheSecondOverTheVersionTheFirstMade() async throws {
    let edit = { (body: String) in
      HTTPRequest(
        method: .patch, url: Self.baseURL.appending(path: "larder"), headers: ["If-Match": #""v1""#],
        body: Data(body.utf8))
    }
    // Two edits of the item the screen showed at version 1, queued offline.
    let offline = makeCache()
    server.offline = true
    for body in ["p1", "p2"] {
      await #expect(throws: WriteQueued.self) { try await offline.client.send(edit(body)) }
    }
    await offline.outbox?.finishSending()
    server.offline = false
    server.received.removeAll()
    #expect(storage.entries.map(\.ifMatch) == [#""v1""#, #""v1""#])
    // A process sends the first (version 2 made) and dies before the second reaches the server.
    let dying = HTTPClient.killedAfterOneRequest(over: server.client)
    #expect(try #require(await makeCache(http: dying).outbox?.send()).sent.map(\.id) == [1])
    #expect(storage.entries.map(\.ifMatch) == [#""v2""#])
    // A new process over the same outbox sends the second over version 2: no conflict.
    let restarted = try #require(makeCache().outbox)
    let report = await restarted.send()
    #expect(report.sent.map(\.id) == [2])
    #expect(report.held.isEmpty)
    #expect(server.bodies(of: "larder") == ["p1", "p2"])
  }

  @Test func theBackOffDoublesToItsCapWithJitterWithinHalfOfEachWait() async throws {
    // Each wait is between half of the full delay and all of it, and the full delay stops at 60 s.
    for failures in 1...12 {
      let full = min(pow(2, Double(failures - 1)), 60)
      for random in [0, 0.25, 0.5, 0.999_999] {
        let wait = Outbox.backoff.delay(afterFailedTries: failures, random: random)
        #expect(wait <= .milliseconds(Int64(full * 1000)))
        #expect(wait >= .milliseconds(Int64(full * 500)))
      }
    }
    // The outbox draws it: with the jitter source at 0.5 the waits are three quarters of 1, 2, 4… s.
    let cache = makeCache(random: 0.5)
    let outbox = try #require(cache.outbox)
    await queue(cache, [(.patch, "larder", "p")])
    server.failing = ["larder": 503]
    server.received.removeAll()
    await outbox.send()
    for wait in [0.75, 1.5, 3, 6] {
      let before = server.received.count
      advance(wait - 0.25)
      outbox.sendIfWaiting()
      await outbox.finishSending()
      #expect(server.received.count == before, "not tried again before \(wait) s")
      advance(0.25)
      outbox.sendIfWaiting()
      await outbox.finishSending()
      #expect(server.received.count == before + 1, "tried again after \(wait) s")
    }
  }

  @Test func retryAfterInSecondsOrAsAnHTTPDateIsWaitedBoundedAndHoldsEveryResource() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    await queue(cache, [(.patch, "larder", "p")])
    server.failing = ["larder": 503, "dishes": 503]
    // An HTTP date 90 s ahead of the injected clock.
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    server.retryAfter = formatter.string(from: Self.start.addingTimeInterval(90))
    #expect(await outbox.send().stopped == "server error 503")
    let tried = server.received.count
    // The server asked this client to wait: a write to another resource is queued behind, not sent.
    await #expect(throws: WriteQueued(id: 2, pending: 2)) {
      try await cache.client.send(Self.write(.put, "dishes/1", "d"))
    }
    #expect(outbox.summary.queuedReason?.hasSuffix("(the server asked to wait 90 s more (Retry-After))") == true)
    advance(89)
    #expect(await outbox.send().stopped == "the server asked to wait 1 s more (Retry-After)")
    outbox.sendIfWaiting()
    await outbox.finishSending()
    #expect(server.received.count == tried)
    // Then the server is asked again; a wait asked for in seconds beyond 5 minutes is 5 minutes.
    advance(1)
    server.retryAfter = "999999999999"
    await outbox.send()
    let again = server.received.count
    #expect(again > tried)
    advance(299)
    outbox.sendIfWaiting()
    await outbox.finishSending()
    #expect(await outbox.send().stopped == "the server asked to wait 1 s more (Retry-After)")
    #expect(server.received.count == again)
    advance(1)
    server.failing = [:]
    server.retryAfter = nil
    #expect(await outbox.send().sent.map(\.id) == [1, 2])
    // A value that is neither form is no wait of the server's: the back-off alone applies.
    #expect(
      HTTPResponse(status: 503, headers: ["Retry-After": "soon"], url: Self.baseURL).retryAfter(
        now: Self.start, limit: Outbox.longestServerWait) == nil)
  }
}

/// A wall clock the test moves.
final class WallClock: Sendable {
  private let date: Mutex<Date>

  init(_ start: Date) { date = Mutex(start) }

  @Sendable func read() -> Date { date.withLock { $0 } }

  func advance(_ seconds: Double) { date.withLock { $0 += seconds } }
}

/// A fake API: answers a write 200, or the status `failing` gives its resource (the first path segment), or cannot be
/// reached by writes while `offline`; a write with `If-Match` is `412` unless it names the resource's version (`"v1"`
/// at first), which it moves on (the answer's `ETag`); a GET of `larder` is `{"nickname":"server"}`. Records every request and how
/// many of each resource were in flight at once; a `gate` holds each request until that many arrived.
final class Switchboard: Sendable {
  private struct State {
    var received: [HTTPRequest] = []
    var failing: [String: Int] = [:]
    var offline = false
    var retryAfter: String?
    var gate: ArrivalGate?
    var inFlight: [String: Int] = [:]
    var mostInFlight: [String: Int] = [:]
    var mostInFlightInAll = 0
    /// Each resource's version, for writes with `If-Match`.
    var versions: [String: Int] = [:]
  }

  private let state = Mutex(State())

  var received: [HTTPRequest] {
    get { state.withLock { $0.received } }
    set { state.withLock { $0.received = newValue } }
  }
  var failing: [String: Int] {
    get { state.withLock { $0.failing } }
    set { state.withLock { $0.failing = newValue } }
  }
  var offline: Bool {
    get { state.withLock { $0.offline } }
    set { state.withLock { $0.offline = newValue } }
  }
  /// The `Retry-After` of every failing answer, if any.
  var retryAfter: String? {
    get { state.withLock { $0.retryAfter } }
    set { state.withLock { $0.retryAfter = newValue } }
  }
  var gate: ArrivalGate? {
    get { state.withLock { $0.gate } }
    set { state.withLock { $0.gate = newValue } }
  }
  /// The most requests of each resource in flight at once.
  var mostInFlight: [String: Int] { state.withLock { $0.mostInFlight } }
  /// The most requests in flight at once.
  var mostInFlightInAll: Int { state.withLock { $0.mostInFlightInAll } }

  /// The resource of a request: the first path segment under `/api/`.
  static func resource(_ request: HTTPRequest) -> String {
    let path = request.url.path.dropFirst("/api/".count)
    return String(path.prefix { $0 != "/" })
  }

  /// The bodies of the writes received for `resource`, in the order they arrived.
  func bodies(of resource: String) -> [String] {
    received.filter { $0.method != .get && Self.resource($0) == resource }.map {
      String(decoding: $0.body ?? Data(), as: UTF8.self)
    }
  }

  /// The nickname a read of the profile shows through `cache`.
  func nickname(through cache: QueryCache, _ profile: URL) async throws -> String? {
    let response = try await cache.client.send(.get(profile))
    return (try JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["nickname"] as? String
  }

  var client: HTTPClient {
    HTTPClient { request in
      let resource = Self.resource(request)
      let (gate, offline) = self.state.withLock { state in
        state.received.append(request)
        state.inFlight[resource, default: 0] += 1
        state.mostInFlight[resource] = max(state.mostInFlight[resource] ?? 0, state.inFlight[resource] ?? 0)
        state.mostInFlightInAll = max(state.mostInFlightInAll, state.inFlight.values.reduce(0, +))
        return (state.gate, state.offline)
      }
      if request.method != .get, let gate { await gate.arrive() }
      return try self.state.withLock { state in
        state.inFlight[resource, default: 1] -= 1
        if request.method == .get {
          return HTTPResponse(status: 200, body: Data(#"{"nickname":"server"}"#.utf8), url: request.url)
        }
        if offline { throw HTTPError.cannotConnect(request.url, reason: "Connection refused") }
        let status = state.failing[resource] ?? 200
        var headers: HTTPHeaders = status != 200 ? state.retryAfter.map { ["Retry-After": $0] } ?? [:] : [:]
        if status == 200, let condition = request.headers["If-Match"] {
          // A conditional write: done over the resource's version only (`"v1"` at first), which it moves on.
          let version = state.versions[resource, default: 1]
          guard condition == #""v\#(version)""# else {
            return HTTPResponse(status: 412, body: Data("{}".utf8), url: request.url)
          }
          state.versions[resource] = version + 1
          headers["ETag"] = #""v\#(version + 1)""#
        }
        return HTTPResponse(status: status, headers: headers, body: Data("{}".utf8), url: request.url)
      }
    }
  }
}
