import CompositionRootTesting
import CoreTesting
import FixtureData
import FixtureServer
import Foundation
import Networking
import Testing

@testable import CompositionRoot

/// The outbox as the apps run it: writes through the live query layer (libcurl) to the real fixture server, kept in
/// a real SQLite file while the server is down (a closed port: connections refused), sent in order when it is back —
/// by the same run, and by the next one at start-up. The data is a test collection of its own (`notes`): nothing
/// here names a feature.
@Suite(.timeLimit(.minutes(2))) struct LiveAppOutboxTests {
  static let data = FixtureDatabase(
    root: JSONObject([
      ("notes", .array([.object(JSONObject([("id", .integer(1)), ("title", .string("first"))]))])),
      ("stamps", .array([])),
    ]))

  /// A server on a free port, stopped: its address refuses connections until ``serve(on:)`` starts one there.
  static func closedPort() async throws -> Int {
    let server = try await FixtureServer.start(.init(port: 0, database: data))
    let port = server.port
    await server.shutdown()
    return port
  }

  static func serve(on port: Int) async throws -> FixtureServer {
    var failure: (any Error)?
    for _ in 0..<50 {
      do {
        return try await FixtureServer.start(.init(port: port, database: data))
      } catch {
        failure = error  // the port may linger a moment after the last server closed it
        try await Task.sleep(for: .milliseconds(100))
      }
    }
    throw failure!
  }

  static func title(_ live: LiveApp, _ server: FixtureServer, note: Int) -> String? {
    let notes = server.database.root["notes"]
    guard case .array(let items)? = notes else { return nil }
    for case .object(let item) in items where item["id"] == .integer(note) {
      if case .string(let title)? = item["title"] { return title }
    }
    return nil
  }

  static func write(
    _ live: LiveApp, _ method: HTTPMethod, _ path: String, _ json: String
  ) async throws
    -> HTTPResponse
  {
    try await live.queryCache.client.send(
      HTTPRequest(
        method: method, url: live.apiURL.appending(path: path), headers: ["Content-Type": "application/json"],
        body: Data(json.utf8)))
  }

  @Test func writesKeptWhileTheAPIIsDownAreSentInOrderWhenItAnswers() async throws {
    let folder = try TemporaryFolder()
    let port = try await Self.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    let live = try await LiveApp.start(
      LaunchOptions(apiURL: api, databasePath: folder.path + "/kumiki.sqlite", environment: [:], launch: false))
    await #expect(throws: WriteQueued(id: 1, pending: 1)) {
      try await Self.write(live, .patch, "notes/1", #"{"title":"second"}"#)
    }
    await #expect(throws: WriteQueued(id: 2, pending: 2)) {
      try await Self.write(live, .put, "notes/1", #"{"title":"third"}"#)
    }
    await #expect(throws: WriteQueued(id: 3, pending: 3)) {
      try await Self.write(live, .post, "stamps", #"{"at":"now"}"#)
    }
    #expect(live.queryCache.outbox?.summary.statusText == "3 changes waiting to send")
    let kept = try await LiveApp.outboxEntries(databasePath: folder.path + "/kumiki.sqlite", environment: [:])
    #expect(
      kept.map { "\($0.method.rawValue) \($0.path) \($0.state.rawValue)" }
        == ["PATCH notes/1 pending", "PUT notes/1 pending", "POST stamps pending"])

    let server = try await Self.serve(on: port)
    defer { Task { await server.shutdown() } }
    let report = await live.sendOutbox()
    #expect(report.sent.map(\.id) == [1, 2, 3])
    #expect(report.pending == 0)
    #expect(Self.title(live, server, note: 1) == "third")  // in order: the PUT came last
    guard case .array(let stamps)? = server.database.root["stamps"] else { throw CancellationError() }
    #expect(stamps.count == 1)
    #expect(live.queryCache.outbox?.summary.statusText == nil)
    #expect(live.takeOutboxNotices() == ["Sent 3 waiting changes."])
    await live.shutdown()
    #expect(try await LiveApp.outboxEntries(databasePath: folder.path + "/kumiki.sqlite", environment: [:]).isEmpty)
  }

  @Test func theNextRunThatReachesTheAPISendsWhatAnEarlierRunKept() async throws {
    let folder = try TemporaryFolder()
    let database = folder.path + "/kumiki.sqlite"
    let port = try await Self.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    let first = try await LiveApp.start(
      LaunchOptions(apiURL: api, databasePath: database, environment: [:], launch: false))
    await #expect(throws: WriteQueued.self) { try await Self.write(first, .patch, "notes/1", #"{"title":"kept"}"#) }
    await first.shutdown()

    let server = try await Self.serve(on: port)
    defer { Task { await server.shutdown() } }
    let second = try await LiveApp.start(
      LaunchOptions(apiURL: api, databasePath: database, environment: [:], launch: false))
    await second.queryCache.outbox?.finishSending()  // the start-up round
    #expect(Self.title(second, server, note: 1) == "kept")
    #expect(second.queryCache.outbox?.summary.statusText == nil)
    await second.shutdown()
  }

  @Test func anAppThatKeepsRunningSendsAWriteTheServerFailedByItselfWhenItsBackOffEnds() async throws {
    let folder = try TemporaryFolder()
    let port = try await Self.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    // The app's time is a test clock's: its wall clock and its sleeps.
    let clock = TestClock()
    let start = Date()
    let live = try await LiveApp.start(
      LaunchOptions(
        apiURL: api, databasePath: folder.path + "/kumiki.sqlite", environment: [:], launch: false, clock: clock,
        now: {
          let offset = clock.now.offset.components
          return start.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
        }))
    await #expect(throws: WriteQueued.self) { try await Self.write(live, .patch, "notes/1", #"{"title":"later"}"#) }
    let server = try await Self.serve(on: port)
    defer { Task { await server.shutdown() } }
    server.setFaults([try InjectedFault(parsing: "status=503")], for: .endpoint("notes"))
    #expect(await live.sendOutbox().stopped?.contains("503") == true)
    server.clearFaults()
    // Nothing else happens: no read, no probe, no `kumiki outbox send`. The app sleeps until the back-off ends.
    await clock.sleepers(count: 1)
    #expect(Self.title(live, server, note: 1) == "first")
    // The first back-off's longest (the outbox's 1 s, less jitter). Moving time, not waking the sleep seen above: a
    // round's end or the outbox read again may have replaced that sleep with one for the same due time, and `run()`
    // between the two would wake nothing.
    clock.advance(by: .seconds(1))
    let outbox = try #require(live.queryCache.outbox)
    for await _ in outbox.changes() where outbox.summary.statusText == nil { break }
    #expect(Self.title(live, server, note: 1) == "later")
    await live.shutdown()
  }

  @Test func aWaitingChangeTheServerRefusesIsRolledBackAndKeptAsRefused() async throws {
    let folder = try TemporaryFolder()
    let port = try await Self.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    let live = try await LiveApp.start(
      LaunchOptions(apiURL: api, databasePath: folder.path + "/kumiki.sqlite", environment: [:], launch: false))
    // A PATCH of a note the server does not have: refused (404) once it is back.
    await #expect(throws: WriteQueued.self) { try await Self.write(live, .patch, "notes/99", #"{"title":"x"}"#) }
    let server = try await Self.serve(on: port)
    defer { Task { await server.shutdown() } }
    let changed = Recorder<Set<String>>()
    live.queryCache.observeChanges { changed.append($0) }
    let report = await live.sendOutbox()
    #expect(report.refused.map(\.id) == [1])
    // The screens reading notes are told (the app's `.dataChanged`), by the query layer, not by a front end.
    #expect(changed.values == [["notes"]])
    // What the TUI reads on its next tick: the list, no marker (nothing waits), the notice once.
    let view = live.outboxView()
    #expect(view.lines == ["1  refused  PATCH notes/99  (refused by the server (404))"])
    #expect(view.status == nil)
    #expect(
      view.notices == [
        "The server refused a change that waited to send (PATCH notes/99, 404) - your change was undone."
      ])
    #expect(live.outboxView().notices.isEmpty)
    let discarded = try await LiveApp.discardOutboxEntry(
      1, databasePath: folder.path + "/kumiki.sqlite", environment: [:])
    #expect(discarded?.id == 1)
    await live.shutdown()
  }

  /// Issue 35, item 2: a write another process queues on the same database, and its discarding, reach this app's
  /// outbox view (the TUI's status bar and `o` list) with no write or round of its own: the database's watcher reads
  /// the outbox again and wakes ``LiveApp/outboxChanges()``.
  @Test func aWriteAnotherProcessQueuesOrDiscardsReachesTheOutboxView() async throws {
    let folder = try TemporaryFolder()
    let port = try await Self.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    let options = LaunchOptions(
      apiURL: api, databasePath: folder.path + "/kumiki.sqlite", environment: [:], launch: false)
    let live = try await LiveApp.start(options)
    var changes = live.outboxChanges().makeAsyncIterator()
    #expect(await changes.next() != nil)  // at once
    #expect(live.outboxView().status == nil)

    let other = try await LiveApp.start(options)
    await #expect(throws: WriteQueued.self) { try await Self.write(other, .patch, "notes/1", #"{"title":"x"}"#) }
    await other.shutdown()
    while live.outboxView().status == nil {
      guard await changes.next() != nil else { break }
    }
    let view = live.outboxView()
    #expect(view.status == "1 change waiting to send")
    #expect(view.lines.count == 1 && view.lines.first?.contains("PATCH notes/1") == true, "\(view.lines)")

    let discarded = try await LiveApp.discardOutboxEntry(1, databasePath: options.databasePath, environment: [:])
    #expect(discarded?.id == 1)
    while live.outboxView().status != nil {
      guard await changes.next() != nil else { break }
    }
    #expect(live.outboxView().lines.isEmpty)
    await live.shutdown()
  }

  /// Issue 36, item 2 (both apps show it): the TUI's outbox list resolves a held conflict in the running app, with the
  /// CLI's own rules (`retryOutboxEntry`, `discardOutboxEntry`): discard takes theirs, nothing sent; retry keeps
  /// yours, sent without its condition, over theirs. Each says what happened in one line.
  @Test func aHeldConflictIsDroppedByDiscardOrSentByRetryInTheRunningApp() async throws {
    let folder = try TemporaryFolder()
    let port = try await Self.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    let live = try await LiveApp.start(
      LaunchOptions(apiURL: api, databasePath: folder.path + "/kumiki.sqlite", environment: [:], launch: false))
    for title in ["dropped", "mine"] {
      // Made over a version of note 1 the server no longer has: a 412 once it answers.
      await #expect(throws: WriteQueued.self) {
        try await live.queryCache.client.send(
          HTTPRequest(
            method: .patch, url: live.apiURL.appending(path: "notes/1"),
            headers: ["Content-Type": "application/json", "If-Match": #""stale""#],
            body: Data(#"{"title":"\#(title)"}"#.utf8)))
      }
    }
    let server = try await Self.serve(on: port)
    defer { Task { await server.shutdown() } }
    let report = await live.sendOutbox()
    #expect(report.held.map(\.state) == [.conflict, .conflict], "\(report)")
    #expect(live.outboxView().ids == [1, 2])

    #expect(await live.discardOutboxEntry(1) == "Discarded change 1 (PATCH notes/1 (title)): it was not sent.")
    #expect(Self.title(live, server, note: 1) == "first")
    #expect(live.outboxView().ids == [2])
    #expect(await live.retryOutboxEntry(2) == "Sent change 2 (PATCH notes/1 (title)).")
    #expect(Self.title(live, server, note: 1) == "mine")
    #expect(live.outboxView().lines.isEmpty)
    #expect(try await LiveApp.outboxEntries(databasePath: folder.path + "/kumiki.sqlite", environment: [:]).isEmpty)
    let gone = "There is no change 2 in the outbox now (sent or discarded meanwhile)."
    #expect(await live.retryOutboxEntry(2) == gone)
    #expect(await live.discardOutboxEntry(2) == gone)
    await live.shutdown()
  }

  @Test func freshNeverQueues() async throws {
    let folder = try TemporaryFolder()
    let port = try await Self.closedPort()
    let live = try await LiveApp.start(
      LaunchOptions(
        apiURL: URL(string: "http://127.0.0.1:\(port)/")!, databasePath: folder.path + "/kumiki.sqlite",
        environment: [:], launch: false, fresh: true))
    do {
      _ = try await Self.write(live, .patch, "notes/1", "{}")
      Issue.record("expected the write to fail")
    } catch let error as HTTPError {
      // Refused; on a starved machine the connection attempt may time out instead.
      switch error {
      case .cannotConnect, .timedOut: break
      default: Issue.record("unexpected \(error)")
      }
    }
    #expect(live.queryCache.outbox?.summary.statusText == nil)
    await live.shutdown()
    #expect(try await LiveApp.outboxEntries(databasePath: folder.path + "/kumiki.sqlite", environment: [:]).isEmpty)
  }
}
