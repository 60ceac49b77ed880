import Foundation
import GRDB
import Networking
import Persistence
import PersistenceSQLite
import PersistenceTesting
import QueryCache
import Synchronization
import Testing

/// The outbox over a real SQLite file holding rows Kumiki did not write (a newer version's state, a wrongly typed
/// column, a method or header with a line break), and the server's reasons: nothing traps, no round spins, nothing
/// unchecked reaches a request, an unreadable entry holds the writes behind it (the order is kept) until it is
/// discarded, and every message says what happened (issue 34, items 4, 5, 8, 14, 15, 16).
@Suite struct OutboxRowTests {
  static let baseURL = URL(string: "http://ledger.test/api/")!
  static let created = Date(timeIntervalSince1970: 1_795_000_000)

  /// A database file in its own folder, the outbox over it, and a cache sending through `server`.
  final class World: Sendable {
    let folder: URL
    let path: String
    let database: KumikiDatabase
    let server = ScriptedServer()
    let cache: QueryCache

    /// `keys`: the app tells the ways out with the TUI's keys (`QueryCacheConfiguration.outboxActions`).
    init(keys: Bool = false) throws {
      folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-outbox-rows-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      path = folder.appending(path: "kumiki.sqlite").path
      database = try KumikiDatabase.open(path: path)
      var configuration = QueryCacheConfiguration(baseURL: OutboxRowTests.baseURL, namespace: "ledger")
      if keys { configuration.outboxActions = { ("r on change \($0)", "d on change \($0)") } }
      cache = QueryCache(
        http: server.client, storage: InMemoryResponseCache().client, configuration: configuration,
        outbox: database.outbox, queuesWrites: true, now: { OutboxRowTests.created })
    }

    deinit {
      try? database.close()
      try? FileManager.default.removeItem(at: folder)
    }

    var outbox: Outbox { cache.outbox! }

    /// Keeps a good write, as a run that could not reach the API does.
    @discardableResult
    func keep(_ method: OutboxEntry.Method, _ path: String, api: String = "ledger") async throws -> OutboxEntry {
      try await database.outbox.add(
        OutboxWrite(
          api: api, method: method, path: path, headers: [.init(name: "Content-Type", value: "application/json")],
          body: Data("{}".utf8), createdAt: OutboxRowTests.created, lastError: "cannot connect"))
    }

    /// Inserts a raw row: `values` are SQL for api, method, path, headers, body, createdAt, attempts, state,
    /// lastError, expected.
    func insert(_ values: String) throws {
      let raw = try DatabaseQueue(path: path)
      try raw.write { try $0.execute(sql: "INSERT INTO outbox (\(Self.columns)) VALUES (\(values))") }
      try raw.close()
    }

    static let columns = "api, method, path, headers, body, createdAt, attempts, state, lastError, expected"
  }

  /// `operation`'s value, or `nil` when it has not finished within `limit` (it is left running: a round that spins
  /// would never end).
  static func within<T: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async -> T
  ) async -> T? {
    let slot = Mutex<CheckedContinuation<T?, Never>?>(nil)
    let resume: @Sendable (T?) -> Void = { value in
      slot.withLock { continuation in
        defer { continuation = nil }
        return continuation
      }?.resume(returning: value)
    }
    return await withCheckedContinuation { continuation in
      slot.withLock { $0 = continuation }
      let timer = Task {
        // Cancelled once the operation finished: then its value is the answer, never this `nil` (the race made a
        // round that had ended read as one that never ended, under load).
        guard (try? await Task.sleep(for: limit)) != nil else { return }
        resume(nil)
      }
      Task {
        let value = await operation()
        timer.cancel()
        resume(value)
      }
    }
  }

  // MARK: - Item 5: an unknown state

  @Test func aPOSTInAStateThisBuildDoesNotKnowHoldsTheWritesBehindItAndTheRoundEnds() async throws {
    let world = try World()
    let first = try await world.keep(.patch, "dishes/1")
    try world.insert("'ledger', 'POST', 'dishes', '[]', NULL, 1.0, 0, 'held-for-review', NULL, NULL")
    let behind = try await world.keep(.patch, "dishes/2")
    // Before: the row read as pending, `begin` refused it (its stored state is not `pending`) and the round read it
    // again, forever, at 100 % CPU.
    let outbox = world.outbox
    let report = try #require(await Self.within(.seconds(20)) { await outbox.send() }, "the round never ended")
    #expect(report.sent.map(\.id) == [first.id])
    #expect(world.server.received.map(\.url.path) == ["/api/dishes/1"])
    let held = try #require(report.held.first)
    #expect(held.id == first.id + 1 && held.state == .unreadable)
    #expect(held.lastError?.hasPrefix("state 'held-for-review' is not one this version knows") == true)
    #expect(report.pending == 1)
    #expect(report.stopped == "held behind unreadable entry #\(held.id) (kumiki outbox discard \(held.id) drops it)")
    #expect(outbox.summary.statusText == "1 change waiting to send - 1 unreadable")
    #expect(outbox.summary.lines.contains { $0.hasPrefix("unreadable entry #\(held.id): state 'held-for-review'") })

    // A new write does not overtake it either: it is queued behind, saying why.
    await #expect(throws: WriteQueued.self) {
      try await world.cache.client.send(
        HTTPRequest(method: .put, url: Self.baseURL.appending(path: "dishes/3"), body: Data("{}".utf8)))
    }
    #expect(outbox.summary.queuedReason == report.stopped)
    #expect(world.server.received.count == 1)

    // Discarded, it holds nothing: the writes behind it go, in order.
    #expect(try await world.database.outbox.remove(held.id)?.state == .unreadable)
    let after = await outbox.send()
    #expect(after.sent.map(\.id) == [behind.id, behind.id + 1])
    #expect(after.held.isEmpty && after.pending == 0 && after.stopped == nil)
  }

  /// A write queued behind an unreadable entry keeps, in its entry, words either app lists (the CLI's `kumiki
  /// outbox` and the TUI's `o`), not one app's command; the app is told the way out in its own words, as a conflict's
  /// notice is (`QueryCacheConfiguration.outboxActions`). Before, the entry kept `(kumiki outbox discard 1 drops it)`
  /// and the TUI said so too.
  @Test(arguments: [false, true])
  func aWriteHeldBehindAnUnreadableEntryKeepsWordsEitherAppListsAndIsToldTheAppsWayOut(keys: Bool) async throws {
    let world = try World(keys: keys)
    try world.insert("'ledger', 'POST', 'dishes', '[]', NULL, 1.0, 0, 'held-for-review', NULL, NULL")
    await world.outbox.start()
    await #expect(throws: WriteQueued.self) {
      try await world.cache.client.send(
        HTTPRequest(method: .put, url: Self.baseURL.appending(path: "dishes/3"), body: Data("{}".utf8)))
    }
    let told = "held behind unreadable entry #1 (\(keys ? "d on change 1" : "kumiki outbox discard 1") drops it)"
    #expect(world.outbox.summary.queuedReason == told)
    let kept = try await world.database.outbox.entries().map(\.lastError)
    #expect(kept.count == 2)
    #expect(kept.last == "held behind unreadable entry #1 until it is discarded")
    #expect(world.outbox.summary.lines.last?.contains("held behind unreadable entry #1 until it is discarded") == true)
    #expect(await world.outbox.send().stopped == told)
    #expect(world.server.received.isEmpty)
  }

  // MARK: - Item 4: a wrongly typed column

  @Test func aWronglyTypedColumnIsShownAsUnreadableAndTrapsNothing() async throws {
    let world = try World()
    try await world.keep(.patch, "dishes/1", api: "another API")
    // Before: GRDB's subscript trapped converting the text to a Double (SIGILL in every command).
    try world.insert("'ledger', 'PATCH', 'dishes/1', '[]', NULL, 'yesterday', 0, 'pending', NULL, NULL")
    await world.outbox.start()
    let summary = world.outbox.summary
    #expect(summary.unreadable == 1)
    #expect(summary.lines == ["unreadable entry #2: createdAt is text, not a time"])
    let report = await world.outbox.send()
    #expect(report.held.map(\.id) == [2])
    #expect(report.pending == 0 && report.stopped == nil)
    #expect(world.server.received.isEmpty)
    // Another API's writes are not held by it.
    #expect(try await world.database.outbox.entries().map(\.state) == [.pending, .unreadable])
  }

  @Test func anUnreadableEntryWhoseAPICannotBeReadHoldsEveryAPI() async throws {
    let world = try World()
    try world.insert("X'00', 'PATCH', 'dishes/1', '[]', NULL, 1.0, 0, 'pending', NULL, NULL")
    try await world.keep(.patch, "dishes/1")
    let report = await world.outbox.send()
    #expect(report.held.map(\.id) == [1])
    #expect(report.stopped == "held behind unreadable entry #1 (kumiki outbox discard 1 drops it)")
    #expect(world.server.received.isEmpty)
  }

  // MARK: - Item 8: nothing unchecked reaches a request

  static let injections = [
    "'ledger', 'PATCH' || char(13, 10) || 'X-Injected: 1', 'dishes/1', '[]', NULL, 1.0, 0, 'pending', NULL, NULL",
    "'ledger', 'GET', 'dishes/1', '[]', NULL, 1.0, 0, 'pending', NULL, NULL",
    "'ledger', 'PATCH', 'dishes/1 HTTP/1.1' || char(13, 10) || 'Host: evil', '[]', NULL, 1.0, 0, 'pending', NULL, NULL",
    #"'ledger', 'PATCH', 'dishes/1', '[["X-A","1\r\nX-Injected: 1"]]', NULL, 1.0, 0, 'pending', NULL, NULL"#,
    #"'ledger', 'PATCH', 'dishes/1', '[["Transfer-Encoding","chunked"]]', NULL, 1.0, 0, 'pending', NULL, NULL"#,
    #"'ledger', 'PATCH', 'dishes/1', '[["X-A:B","1"]]', NULL, 1.0, 0, 'pending', NULL, NULL"#,
  ]

  @Test(arguments: injections) func aRowThatWouldInjectIntoTheRequestIsNeverSent(values: String) async throws {
    let world = try World()
    try world.insert(values)
    let report = await world.outbox.send()
    #expect(world.server.received.isEmpty)
    #expect(report.held.map(\.state) == [.unreadable])
    #expect(try await world.database.outbox.remove(1) != nil)
  }

  @Test func aPathThatWouldLeaveTheAPIIsRefusedNotSent() async throws {
    let world = try World()
    try world.insert("'ledger', 'PUT', '//evil.test/x', '[]', NULL, 1.0, 0, 'pending', NULL, NULL")
    try world.insert("'ledger', 'PUT', 'http://evil.test/x', '[]', NULL, 1.0, 0, 'pending', NULL, NULL")
    let report = await world.outbox.send()
    for request in world.server.received { #expect(request.url.host == "ledger.test") }
    #expect(report.refused.count + report.sent.count == 2)
  }

  // MARK: - Items 14 and 15: what a held or queued write says

  @Test func aPOSTWhoseAnswerWasLostSaysItWillBeSentAgainAndOneWithoutAKeyIsHeldSayingSo() async throws {
    let world = try World()
    world.server.failure = .timedOut(Self.baseURL)
    await #expect(throws: WriteQueued.self) {
      try await world.cache.client.send(
        HTTPRequest(method: .post, url: Self.baseURL.appending(path: "dishes"), body: Data("{}".utf8)))
    }
    // Sent with its Idempotency-Key: a plain retry (issue 36, item 1).
    #expect(world.outbox.summary.queuedReason == "no answer in time (it will be sent again)")
    // A POST an older build kept without a key, its answer lost: held, saying why.
    let lost = "outcome unknown: the answer was lost after the request was sent"
    _ = try await world.database.outbox.add(
      OutboxWrite(
        api: "ledger", method: .post, path: "dishes", body: Data("{}".utf8), createdAt: Self.created,
        state: .outcomeUnknown, lastError: lost))
    world.server.failure = nil
    let report = await world.outbox.send()
    #expect(report.sent.count == 1 && report.pending == 0)
    #expect(report.held.map(\.state) == [.outcomeUnknown])
    #expect(report.held.first?.lastError == lost)
  }

  @Test func aWriteThatCouldNotConnectSaysSo() async throws {
    let world = try World()
    world.server.failure = .cannotConnect(Self.baseURL, reason: "Connection refused")
    await #expect(throws: WriteQueued.self) {
      try await world.cache.client.send(
        HTTPRequest(method: .patch, url: Self.baseURL.appending(path: "dishes/1"), body: Data("{}".utf8)))
    }
    #expect(world.outbox.summary.queuedReason == "could not connect")
  }

  @Test func aWriteBehindChangesAnotherProcessIsSendingSaysSo() async throws {
    let world = try World()
    try await world.keep(.patch, "dishes/1")
    await world.outbox.refresh()
    let other = try KumikiDatabase.open(path: world.path)  // as another process
    defer { try? other.close() }
    let lock = try #require(other.outbox.lockSending())
    defer { lock.release() }
    await #expect(throws: WriteQueued.self) {
      try await world.cache.client.send(
        HTTPRequest(method: .patch, url: Self.baseURL.appending(path: "dishes/2"), body: Data("{}".utf8)))
    }
    #expect(world.outbox.summary.queuedReason == "another process is sending the earlier changes")
    #expect(world.server.received.isEmpty)
  }

  // MARK: - Item 16: the server's reason

  @Test func aRefusalKeepsTheServersReason() async throws {
    let world = try World()
    try await world.keep(.patch, "dishes/1")
    world.server.answers = [(422, #"{"error":"name is too long"}"#)]
    let report = await world.outbox.send()
    let refused = try #require(report.refused.first)
    #expect(refused.lastError == "refused by the server: name is too long (422)")
    #expect(
      world.outbox.takeNotices()
        == [
          "The server refused a change that waited to send (PATCH dishes/1, 422: name is too long) - your change "
            + "was undone."
        ])
    #expect(
      world.outbox.summary.lines == ["1  refused  PATCH dishes/1  (refused by the server: name is too long (422))"])
  }

  @Test func aServerFailureKeepsItsReasonAndTheWriteWaits() async throws {
    let world = try World()
    try await world.keep(.patch, "dishes/1")
    world.server.answers = [(507, "{\"error\":\"No space left on device\\n\\u001b[2J\"}")]
    let report = await world.outbox.send()
    #expect(report.stopped == "refused by the server: No space left on device [2J (507)")
    #expect(report.pending == 1)
    #expect(try await world.database.outbox.entries().first?.lastError == report.stopped)
  }
}

/// A recording HTTP client answering from a script: `answers` in order (status and body), then 200 `{}`; `failure`
/// throws instead.
final class ScriptedServer: Sendable {
  private struct State {
    var received: [HTTPRequest] = []
    var answers: [(Int, String)] = []
    var failure: HTTPError?
  }

  private let state = Mutex(State())

  var received: [HTTPRequest] { state.withLock { $0.received } }

  var answers: [(Int, String)] {
    get { state.withLock { $0.answers } }
    set { state.withLock { $0.answers = newValue } }
  }

  var failure: HTTPError? {
    get { state.withLock { $0.failure } }
    set { state.withLock { $0.failure = newValue } }
  }

  var client: HTTPClient {
    HTTPClient { request in
      try self.state.withLock { state in
        state.received.append(request)
        if let failure = state.failure { throw failure }
        let (status, body) = state.answers.isEmpty ? (200, "{}") : state.answers.removeFirst()
        return HTTPResponse(
          status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
      }
    }
  }
}
