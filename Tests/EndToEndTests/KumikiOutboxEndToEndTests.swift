import CompositionRootTesting
import FixtureServer
import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// `kumiki outbox` as a user runs it, about what it cannot send: a POST whose answer was lost is held, and `send` says
/// which, why and what to do, exiting 1 (issue 34, item 15); with nothing to send it says so and exits 0. A row with a
/// wrongly typed column no longer crashes every command (item 4): it is listed as unreadable and discarded. The writes
/// are to a path no feature owns: the outbox sends whatever was kept.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiOutboxEndToEndTests {
  @Test func aPOSTWhoseAnswerWasLostIsHeldAndSendSaysSoAndExitsOne() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let database = try KumikiDatabase.open(path: folder.path + "/kumiki.sqlite")
    let lost = "outcome unknown: the answer was lost after the request was sent"
    let entry = try await database.outbox.add(
      OutboxWrite(
        api: server.baseURL.absoluteString, method: .post, path: "outbox_probe",
        headers: [.init(name: "Content-Type", value: "application/json")], body: Data("{}".utf8), createdAt: Date(),
        state: .outcomeUnknown, lastError: lost))
    try database.close()

    let send = try await kumiki(["outbox", "send"], api: server.baseURL, folder: folder)
    #expect(send.status == 1, "\(send.stderr)")
    #expect(send.stdout == "Nothing was sent.\n")
    #expect(
      send.stderr.contains(
        "kumiki: outbox send: change \(entry.id) (POST outbox_probe) is held: \(lost) — check whether the server has "
          + "it, then kumiki outbox retry \(entry.id) or kumiki outbox discard \(entry.id)\n"), "\(send.stderr)")
    #expect(!send.stderr.contains("could not be reached"))

    let discard = try await kumiki(["outbox", "discard", "\(entry.id)"], api: server.baseURL, folder: folder)
    #expect(discard.status == 0, "\(discard.stderr)")
    let empty = try await kumiki(["outbox", "send"], api: server.baseURL, folder: folder)
    #expect(empty.status == 0, "\(empty.stderr)")
    #expect(empty.stdout == "Nothing to send.\n")
  }

  @Test func aRowWithAWronglyTypedColumnIsListedHeldAndDiscardedNeverACrash() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let path = folder.path + "/kumiki.sqlite"
    try KumikiDatabase.open(path: path).close()  // the schema
    let raw = try DatabaseQueue(path: path)
    try await raw.write { db in
      try db.execute(
        sql: """
          INSERT INTO outbox (api, method, path, headers, body, createdAt, attempts, state)
          VALUES (?, 'PATCH', 'outbox_probe', '[]', NULL, 'yesterday', 0, 'pending')
          """, arguments: [server.baseURL.absoluteString])
    }
    try raw.close()

    // Before: GRDB trapped on the text (exit 132, SIGILL) in every command, `discard` included.
    let list = try await kumiki(["outbox"], api: server.baseURL, folder: folder)
    #expect(!list.signalled && list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("unreadable entry #1: createdAt is text, not a time\n"), "\(list.stdout)")
    let send = try await kumiki(["outbox", "send"], api: server.baseURL, folder: folder)
    #expect(!send.signalled && send.status == 1, "\(send.stderr)")
    #expect(send.stderr.contains("unreadable entry #1 is held: createdAt is text, not a time"), "\(send.stderr)")
    #expect(send.stderr.contains("kumiki outbox discard 1 drops it"), "\(send.stderr)")
    let discard = try await kumiki(["outbox", "discard", "1"], api: server.baseURL, folder: folder)
    #expect(!discard.signalled && discard.status == 0, "\(discard.stderr)")
    #expect(discard.stdout == "Discarded change 1: an unreadable entry. It was not sent.\n", "\(discard.stdout)")
    let empty = try await kumiki(["outbox"], api: server.baseURL, folder: folder)
    #expect(empty.stdout == "The outbox is empty: no change waits to send.\n", "\(empty.stdout)")
  }

  /// Item 14: another process holding the send lock is said as such, not as an API that could not be reached.
  @Test func sendWhileAnotherProcessIsSendingSaysSo() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let database = try KumikiDatabase.open(path: folder.path + "/kumiki.sqlite")
    defer { try? database.close() }
    _ = try await database.outbox.add(
      OutboxWrite(
        api: server.baseURL.absoluteString, method: .put, path: "outbox_probe/1", body: Data("{}".utf8),
        createdAt: Date(), lastError: "cannot connect"))
    let lock = try #require(database.outbox.lockSending())  // this process is the other sender
    defer { lock.release() }
    let send = try await kumiki(["outbox", "send"], api: server.baseURL, folder: folder)
    #expect(send.status == 1, "\(send.stderr)")
    #expect(
      send.stderr.contains("kumiki: outbox send: 1 change still waiting to send: another process is sending them now"),
      "\(send.stderr)")
    #expect(!send.stderr.contains("could not be reached"))
  }
}
