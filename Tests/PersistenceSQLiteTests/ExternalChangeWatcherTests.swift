import Foundation
import Persistence
import PersistenceSQLite
import Testing

/// `KumikiDatabase.externalChanges()`: the one watcher of a file for commits made by other connections (issue 35,
/// item 2), with two real connections to one SQLite file.
@Suite(.timeLimit(.minutes(1))) struct ExternalChangeWatcherTests {
  let fastPolling = DatabaseOptions(externalChangePollInterval: .milliseconds(10))

  static func write(_ path: String) -> OutboxWrite {
    OutboxWrite(
      api: "embedded", method: .patch, path: path, headers: [.init(name: "Content-Type", value: "application/json")],
      body: Data("{}".utf8), createdAt: Date(timeIntervalSince1970: 1_795_000_000), lastError: "cannot connect")
  }

  @Test func anOutboxEntryQueuedOrRemovedByAnotherConnectionIsSignalled() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let watched = try KumikiDatabase.open(path: path, options: fastPolling)
    let other = try KumikiDatabase.open(path: path)
    var signals = watched.externalChanges().makeAsyncIterator()
    #expect(try await signals.next() != nil)  // the start: whatever came before is read again

    let entry = try await other.outbox.add(Self.write("profile_personal"))
    #expect(try await signals.next() != nil)
    #expect(try await watched.outbox.overview().map(\.id) == [entry.id])

    _ = try await other.outbox.remove(entry.id)
    #expect(try await signals.next() != nil)
    #expect(try await watched.outbox.overview().isEmpty)
    try other.close()
    try watched.close()
  }

  @Test func everyListenerOfTheDatabaseIsSignalled() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let watched = try KumikiDatabase.open(path: path, options: fastPolling)
    let other = try KumikiDatabase.open(path: path)
    var first = watched.externalChanges().makeAsyncIterator()
    #expect(try await first.next() != nil)
    // Joins the running watch (one poll for both): a commit made after it joined is signalled to it too.
    var second = watched.externalChanges().makeAsyncIterator()
    try await other.savedItems.save(item(7))
    #expect(try await first.next() != nil)
    #expect(try await second.next() != nil)
    #expect(try await watched.savedItems.list() == [item(7)])
    try other.close()
    try watched.close()
  }

  @Test func aClosedDatabaseEndsTheSignalsWithAnError() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try KumikiDatabase.open(path: directory.path("kumiki.sqlite"), options: fastPolling)
    var signals = database.externalChanges().makeAsyncIterator()
    #expect(try await signals.next() != nil)
    try database.close()
    await #expect(throws: Persistence.PersistenceError.self) {
      while try await signals.next() != nil {}
    }
  }
}
