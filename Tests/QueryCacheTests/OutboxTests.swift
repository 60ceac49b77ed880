import CoreTesting
import Foundation
import Networking
import Persistence
import PersistenceTesting
import QueryCache
import Synchronization
import Testing

/// The outbox's rules over fakes: what is kept and when, the order of sending, refusals rolled back, every write sent
/// with its Idempotency-Key (a lost answer is a plain retry), POSTs without a key never sent twice, a dead sender's
/// entries settled, one sender at a time.
@Suite struct OutboxTests {
  static let baseURL = URL(string: "http://ledger.test/api/")!
  static let created = Date(timeIntervalSince1970: 1_795_000_000)
  let ledger = Ledger()
  let storage = InMemoryOutbox()
  let responses = InMemoryResponseCache()
  /// The Idempotency-Keys made: `key-1`, `key-2`…
  let keys = CountingKeys()

  func makeCache(queuesWrites: Bool = true) -> QueryCache {
    QueryCache(
      http: ledger.client, storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "ledger"), outbox: storage.client,
      queuesWrites: queuesWrites, now: { Self.created },
      idempotencyKey: keys.next)
  }

  static func write(_ method: HTTPMethod, _ path: String, _ body: String) -> HTTPRequest {
    HTTPRequest(
      method: method, url: baseURL.appending(path: path), headers: ["Content-Type": "application/json"],
      body: Data(body.utf8))
  }

  /// Unreachable, or offline for the whole run (the embedded API's data file does not load: `HTTPError.offline`).
  @Test(arguments: [
    HTTPError.cannotConnect(baseURL, reason: "Connection refused"),
    HTTPError.offline(baseURL, reason: "the embedded API cannot load its data file /d/kumiki-api.json (damaged)"),
  ])
  func aWriteThatCannotReachTheAPIIsKeptAndThrowsWriteQueued(failure: HTTPError) async throws {
    let cache = makeCache()
    ledger.failure = failure
    await #expect(throws: WriteQueued(id: 1, pending: 1)) {
      try await cache.client.send(Self.write(.patch, "profile_personal", #"{"nickname":"ごはん"}"#))
    }
    let entry = try #require(storage.entries.first)
    #expect(entry.api == "ledger")
    #expect(entry.method == .patch)
    #expect(entry.path == "profile_personal")
    #expect(entry.headers == [OutboxEntry.Header(name: "Content-Type", value: "application/json")])
    #expect(entry.body == Data(#"{"nickname":"ごはん"}"#.utf8))
    #expect(entry.createdAt == Self.created)
    #expect(entry.state == .pending)
    // Why it waits: "cannot connect", or the app's own sentence for an API it could not start.
    let reason = if case .offline(_, let why) = failure { why } else { "cannot connect" }
    #expect(entry.lastError == reason)
    #expect(cache.outbox?.summary.statusText == "1 change waiting to send")
    #expect(cache.outbox?.summary.queuedHere == 1)
    #expect(cache.reachability.unreachableReason == reason)
  }

  @Test func withoutQueueingTheWriteFailsAsBeforeAndNothingIsKept() async throws {
    let cache = makeCache(queuesWrites: false)
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: HTTPError.cannotConnect(Self.baseURL, reason: "Connection refused")) {
      try await cache.client.send(Self.write(.patch, "profile_personal", "{}"))
    }
    #expect(storage.entries.isEmpty)
  }

  @Test func anAnswerIsNeverQueuedEvenAServerError() async throws {
    let cache = makeCache()
    ledger.statuses = [503, 422]
    let failed = try await cache.client.send(Self.write(.patch, "profile_personal", "{}"))
    let refused = try await cache.client.send(Self.write(.patch, "profile_personal", "{}"))
    #expect(failed.status == 503)
    #expect(refused.status == 422)
    #expect(storage.entries.isEmpty)
    #expect(ledger.received.count == 2)
  }

  @Test func everyWriteCarriesItsOwnIdempotencyKeyAndKeepsAGivenOne() async throws {
    let cache = makeCache()
    _ = try await cache.client.send(Self.write(.post, "comments", "a"))
    _ = try await cache.client.send(Self.write(.patch, "dishes/1", "b"))
    var given = Self.write(.delete, "dishes/1", "")
    given.headers["Idempotency-Key"] = "chosen-by-the-caller"
    _ = try await cache.client.send(given)
    _ = try await cache.client.send(.get(Self.baseURL.appending(path: "dishes")))
    #expect(
      ledger.received.map { $0.headers["Idempotency-Key"] } == ["key-1", "key-2", "chosen-by-the-caller", nil])
  }

  @Test func aPOSTWhoseAnswerWasLostIsKeptWithItsKeyAndSentAgainWithTheSameKey() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    ledger.failure = .timedOut(Self.baseURL)
    await #expect(throws: WriteQueued(id: 1, pending: 1)) {
      try await cache.client.send(Self.write(.post, "comments", #"{"body":"うまい"}"#))
    }
    // A plain retry: pending, not outcome unknown, the key in its own column.
    #expect(storage.entries.map(\.state) == [.pending])
    #expect(storage.entries.map(\.idempotencyKey) == ["key-1"])
    #expect(storage.entries.first?.headers == [OutboxEntry.Header(name: "Content-Type", value: "application/json")])
    #expect(outbox.summary.statusText == "1 change waiting to send")
    #expect(outbox.summary.queuedReason == "no answer in time (it will be sent again)")
    // The next round's answer is lost too: still waiting, never held for the user.
    let lostAgain = await outbox.send()
    #expect(lostAgain.held.isEmpty)
    #expect(storage.entries.map(\.state) == [.pending])
    ledger.failure = nil
    let report = await outbox.send()
    #expect(report.sent.map(\.id) == [1])
    #expect(storage.entries.isEmpty)
    #expect(ledger.received.map { $0.headers["Idempotency-Key"] } == ["key-1", "key-1", "key-1"])
  }

  @Test func aPOSTWithoutAKeyKeptByAnOlderBuildStaysOutcomeUnknownAndIsNeverSentAgainByItself() async throws {
    _ = try await storage.client.add(
      OutboxWrite(
        api: "ledger", method: .post, path: "comments", createdAt: Self.created, state: .outcomeUnknown,
        lastError: "outcome unknown: the answer was lost after the request was sent"))
    let outbox = try #require(makeCache().outbox)
    await outbox.refresh()
    #expect(outbox.summary.statusText == "1 outcome unknown")
    let report = await outbox.send()
    #expect(report.sent.isEmpty)
    #expect(report.held.map(\.id) == [1])
    #expect(ledger.received.isEmpty)
    #expect(storage.entries.map(\.state) == [.outcomeUnknown])
  }

  @Test func waitingWritesAreSentInOrderWhenTheAPIAnswersAndTheirTagsInvalidated() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    try await responses.client.store(
      CachedResponse(
        key: "GET ledger dishes", url: "x", status: 200, body: Data(), fetchedAt: Self.created,
        tags: ["dishes"]))
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    for (index, method) in [HTTPMethod.put, .patch, .delete, .post].enumerated() {
      await #expect(throws: WriteQueued.self) {
        try await cache.client.send(Self.write(method, "dishes/\(index)", "\(index)"))
      }
    }
    #expect(outbox.summary.statusText == "4 changes waiting to send")
    #expect(ledger.received.count == 4)
    ledger.failure = nil
    let report = await outbox.send()
    #expect(report.sent.map(\.id) == [1, 2, 3, 4])
    #expect(report.pending == 0)
    #expect(
      ledger.received.dropFirst(4).map { "\($0.method) \($0.url.path) \(String(decoding: $0.body!, as: UTF8.self))" }
        == ["PUT /api/dishes/0 0", "PATCH /api/dishes/1 1", "DELETE /api/dishes/2 2", "POST /api/dishes/3 3"])
    #expect(storage.entries.isEmpty)
    #expect(responses.entries["GET ledger dishes"]?.isInvalidated == true)
    #expect(outbox.takeNotices() == ["Sent 4 waiting changes."])
    #expect(outbox.summary.statusText == nil)
  }

  @Test func aNewWriteGoesBehindTheWritesWaitingBeforeIt() async throws {
    let cache = makeCache()
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.patch, "dishes", "old")) }
    ledger.failure = nil
    let response = try await cache.client.send(Self.write(.patch, "dishes", "new"))
    #expect(response.status == 200)
    #expect(ledger.received.dropFirst().map { String(decoding: $0.body!, as: UTF8.self) } == ["old", "new"])
    #expect(storage.entries.isEmpty)
  }

  @Test func whileOlderWritesStillCannotBeSentANewOneIsQueuedBehindThemUnsent() async throws {
    let cache = makeCache()
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued(id: 1, pending: 1)) {
      try await cache.client.send(Self.write(.patch, "dishes", "old"))
    }
    await #expect(throws: WriteQueued(id: 2, pending: 2)) {
      try await cache.client.send(Self.write(.patch, "dishes", "new"))
    }
    // The new write was not tried: the round before it found the API unreachable.
    #expect(ledger.received.map { String(decoding: $0.body!, as: UTF8.self) } == ["old", "old"])
    #expect(storage.entries.map(\.id) == [1, 2])
  }

  @Test func aRefusalMarksTheEntryRefusedRollsItsTagBackAndTheRestStillGo() async throws {
    // Two resources are sent side by side: the server refuses by resource, whatever the order they arrive in.
    let server = Switchboard()
    let cache = QueryCache(
      http: server.client, storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "ledger"), outbox: storage.client,
      now: { Self.created }, idempotencyKey: keys.next)
    let outbox = try #require(cache.outbox)
    try await responses.client.store(
      CachedResponse(
        key: "GET ledger larder", url: "x", status: 200, body: Data(), fetchedAt: Self.created,
        tags: ["larder"]))
    server.offline = true
    await #expect(throws: WriteQueued.self) {
      try await cache.client.send(Self.write(.patch, "larder", "bad"))
    }
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/1", "good")) }
    server.offline = false
    server.failing = ["larder": 422]
    let changed = Recorder<Set<String>>()
    cache.observeChanges { changed.append($0) }
    let report = await outbox.send()
    #expect(report.refused.map(\.id) == [1])
    #expect(report.sent.map(\.id) == [2])
    #expect(storage.entries.map(\.state) == [.refused])
    #expect(storage.entries.first?.lastError == "refused by the server (422)")
    #expect(responses.entries["GET ledger larder"]?.isInvalidated == true)
    // The screens reading what changed are told: the refused write's data and the sent one's.
    #expect(changed.values.count == 2)
    #expect(Set(changed.values) == [["larder"], ["dishes"]])
    #expect(
      outbox.takeNotices() == [
        "The server refused a change that waited to send (PATCH larder, 422) - your change was undone.",
        "Sent 1 waiting change.",
      ])
    // A refused write is never sent again.
    let received = server.received.count
    await outbox.send()
    #expect(server.received.count == received)
  }

  @Test func aServerErrorOrAnUnreachableAPIStopsTheRoundAndTheEntryWaits() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/1", "a")) }
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/2", "b")) }
    ledger.failure = nil
    ledger.statuses = [503]
    let report = await outbox.send()
    #expect(report.stopped == "server error 503")
    #expect(report.pending == 2)
    #expect(storage.entries.map(\.state) == [.pending, .pending])
    #expect(storage.entries.map(\.attempts) == [2, 0])  // the second write's round tried the first once
  }

  @Test func entriesADeadSenderLeftSendingAreResentWhenIdempotentOrKeyedAndUnkeyedPOSTsBecomeOutcomeUnknown()
    async throws
  {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    // A POST without a key, as an older build kept it.
    _ = try await storage.client.add(
      OutboxWrite(api: "ledger", method: .post, path: "comments", createdAt: Self.created))
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.post, "comments", "p")) }
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/1", "u")) }
    storage.force(1, to: .sending)
    storage.force(2, to: .sending)
    storage.force(3, to: .sending)
    ledger.failure = nil
    let report = await outbox.send()
    #expect(report.recovered == 3)
    #expect(report.sent.map(\.id) == [2, 3])
    #expect(storage.entries.map(\.state) == [.outcomeUnknown])
    // The PUT, to another resource than the POSTs that waited, was tried at once (not behind them); the round sends
    // the two resources side by side.
    let round = ledger.received.dropFirst(3)
    #expect(Set(round.map(\.method)) == [.post, .put])
    #expect(round.first { $0.method == .post }?.headers["Idempotency-Key"] == "key-1")
  }

  @Test func aServerThatAsksToWaitIsNotAskedAgainBeforeThatTimeOnTheInjectedClock() async throws {
    let now = Mutex(Self.created)
    let cache = QueryCache(
      http: ledger.client, storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "ledger"), outbox: storage.client,
      now: { now.withLock { $0 } }, idempotencyKey: keys.next)
    let outbox = try #require(cache.outbox)
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/1", "u")) }
    ledger.failure = nil
    ledger.statuses = [503]
    ledger.retryAfter = "120"
    #expect(await outbox.send().stopped == "server error 503")
    #expect(ledger.received.count == 2)
    // Before the time: no round sends, automatic or asked for; a new write goes behind, unsent.
    now.withLock { $0 += 119 }
    #expect(await outbox.send().stopped == "the server asked to wait 1 s more (Retry-After)")
    outbox.sendIfWaiting()
    await outbox.finishSending()
    await #expect(throws: WriteQueued(id: 2, pending: 2)) {
      try await cache.client.send(Self.write(.put, "dishes/2", "v"))
    }
    #expect(ledger.received.count == 2)
    // Then both go.
    now.withLock { $0 += 1 }
    ledger.retryAfter = nil
    #expect(await outbox.send().sent.map(\.id) == [1, 2])
    // A 4xx asking to come back later (kumiki-api's 409 while the key's first request is answered) is no refusal.
    await #expect(throws: WriteQueued.self) {
      ledger.failure = .timedOut(Self.baseURL)
      defer { ledger.failure = nil }
      return try await cache.client.send(Self.write(.post, "comments", "c"))
    }
    ledger.statuses = [409]
    ledger.retryAfter = "1"
    let busy = await outbox.send()
    #expect(busy.refused.isEmpty)
    #expect(storage.entries.map(\.state) == [.pending])
    now.withLock { $0 += 1 }
    ledger.retryAfter = nil
    #expect(await outbox.send().sent.map(\.id) == [3])
    // A wait asked for beyond 5 minutes is 5 minutes.
    #expect(
      HTTPResponse(status: 503, headers: ["Retry-After": "86400"], url: Self.baseURL).retryAfter(
        now: Self.created, limit: Outbox.longestServerWait) == .seconds(300))
  }

  @Test func aDELETEAnsweredNotFoundReachedWhatItAskedFor() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.delete, "dishes/1", "")) }
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.patch, "dishes/2", "x")) }
    ledger.failure = nil
    ledger.statuses = [404, 404]
    let report = await outbox.send()
    #expect(report.sent.map(\.id) == [1])  // gone, as asked (a re-send of a DELETE that did arrive is answered so)
    #expect(report.refused.map(\.id) == [2])  // a PATCH of something missing did not happen
  }

  @Test func onlyOneSenderAtATime() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/1", "u")) }
    ledger.failure = nil
    let other = try #require(storage.client.lockSending())  // another process sending
    let report = await outbox.send()
    #expect(report.busy)
    #expect(report.pending == 1)
    #expect(ledger.received.count == 1)
    other.release()
    #expect(await outbox.send().sent.count == 1)
  }

  @Test func aReadThatReachesTheAPIStartsSendingWhatWaits() async throws {
    let cache = makeCache()
    let outbox = try #require(cache.outbox)
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/1", "u")) }
    ledger.failure = nil
    _ = try await cache.client.send(.get(Self.baseURL.appending(path: "dishes")))
    await outbox.finishSending()
    #expect(storage.entries.isEmpty)
    #expect(ledger.received.map(\.method) == [.put, .get, .put])
  }

  @Test func aStartUpReadsWhatWaitsAndSendsIt() async throws {
    // Kept by an earlier run.
    _ = try await storage.client.add(
      OutboxWrite(api: "ledger", method: .delete, path: "dishes/9", createdAt: Self.created))
    _ = try await storage.client.add(
      OutboxWrite(api: "another API", method: .delete, path: "dishes/9", createdAt: Self.created))
    let outbox = try #require(makeCache().outbox)
    await outbox.start()
    await outbox.finishSending()
    #expect(
      ledger.received.map { "\($0.method) \($0.url.absoluteString)" } == ["DELETE http://ledger.test/api/dishes/9"])
    #expect(storage.entries.map(\.api) == ["another API"])  // another API's writes wait for it
  }

  @Test func aWriteTheOutboxCannotKeepFailsWithTheReason() async throws {
    let small = InMemoryOutbox(limits: OutboxLimits(maxEntries: 1, maxBodyBytes: 4))
    let cache = QueryCache(
      http: ledger.client, storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "ledger"), outbox: small.client)
    ledger.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: PersistenceError.outboxBodyTooLarge(bytes: 5, limit: 4)) {
      try await cache.client.send(Self.write(.put, "dishes/1", "12345"))
    }
    await #expect(throws: WriteQueued.self) { try await cache.client.send(Self.write(.put, "dishes/1", "1")) }
    await #expect(throws: PersistenceError.outboxFull(limit: 1)) {
      try await cache.client.send(Self.write(.put, "dishes/1", "2"))
    }
    #expect(small.entries.count == 1)
  }
}

/// Idempotency-Keys for tests: `key-1`, `key-2`…
final class CountingKeys: Sendable {
  private let made = Mutex(0)

  @Sendable func next() -> String {
    let number = made.withLock { made in
      made += 1
      return made
    }
    return "key-\(number)"
  }
}

/// An API that records every request it receives and answers 200, or the next scripted status, or fails with
/// `failure` (then nothing is received... except that the attempt is recorded, as a connection refused still costs
/// a try).
final class Ledger: Sendable {
  private struct State {
    var received: [HTTPRequest] = []
    var statuses: [Int] = []
    var failure: HTTPError?
    var retryAfter: String?
  }

  private let state = Mutex(State())

  var received: [HTTPRequest] { state.withLock { $0.received } }

  var statuses: [Int] {
    get { state.withLock { $0.statuses } }
    set { state.withLock { $0.statuses = newValue } }
  }

  var failure: HTTPError? {
    get { state.withLock { $0.failure } }
    set { state.withLock { $0.failure = newValue } }
  }

  /// The `Retry-After` of every answer, if any.
  var retryAfter: String? {
    get { state.withLock { $0.retryAfter } }
    set { state.withLock { $0.retryAfter = newValue } }
  }

  var client: HTTPClient {
    HTTPClient { request in
      try self.state.withLock { state in
        state.received.append(request)
        if let failure = state.failure { throw failure }
        let status = state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
        let headers: HTTPHeaders = state.retryAfter.map { ["Retry-After": $0] } ?? [:]
        return HTTPResponse(status: status, headers: headers, body: Data("[]".utf8), url: request.url)
      }
    }
  }
}
