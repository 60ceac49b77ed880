import Foundation
import Networking
import Persistence
import PersistenceSQLite
import PersistenceTesting
import QueryCache
import Testing

/// `Outbox.changes()`: what shows the outbox is woken when it changes — here, or (read again at each commit the
/// database's watcher sees) by another connection to the same SQLite file — instead of reading it on a timer
/// (issue 35, item 2).
@Suite(.timeLimit(.minutes(1))) struct OutboxChangesTests {
  static let baseURL = URL(string: "http://ledger.test/api/")!

  static func write(_ path: String) -> OutboxWrite {
    OutboxWrite(
      api: "ledger", method: .patch, path: path, headers: [.init(name: "Content-Type", value: "application/json")],
      body: Data("{}".utf8), createdAt: Date(timeIntervalSince1970: 1_795_000_000), lastError: "cannot connect")
  }

  @Test func writesQueuedAndRemovedByAnotherConnectionReachTheSummaryAndWakeItsListeners() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-outbox-changes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "kumiki.sqlite").path
    let fastPolling = DatabaseOptions(externalChangePollInterval: .milliseconds(10))
    let here = try KumikiDatabase.open(path: path, options: fastPolling)
    let elsewhere = try KumikiDatabase.open(path: path)
    let cache = QueryCache(
      http: ScriptedServer().client, storage: InMemoryResponseCache().client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "ledger"), outbox: here.outbox)
    let outbox = try #require(cache.outbox)
    // As the live app does: the outbox read again at each commit of another connection.
    let watching = Task {
      for try await _ in here.externalChanges() { await outbox.refresh() }
    }
    defer { watching.cancel() }
    var changes = outbox.changes().makeAsyncIterator()
    #expect(await changes.next() != nil)  // at once

    let entry = try await elsewhere.outbox.add(Self.write("profile_personal"))
    while outbox.summary.statusText == nil {
      guard await changes.next() != nil else { break }
    }
    #expect(outbox.summary.statusText == "1 change waiting to send")
    #expect(outbox.summary.entries.map(\.id) == [entry.id])

    _ = try await elsewhere.outbox.removeSent([entry.id], [:])
    while outbox.summary.statusText != nil {
      guard await changes.next() != nil else { break }
    }
    #expect(outbox.summary.entries.isEmpty)
    watching.cancel()
    try elsewhere.close()
    try here.close()
  }
}
