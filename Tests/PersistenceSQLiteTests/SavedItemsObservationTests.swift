import Foundation
import Persistence
import PersistenceSQLite
import Testing

/// Observation of the live store sees changes from outside this store: another connection and another process.
@Suite(.timeLimit(.minutes(1))) struct SavedItemsObservationTests {
  let fastPolling = DatabaseOptions(externalChangePollInterval: .milliseconds(10))

  @Test func seesWritesFromAnotherStoreOnTheSameFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let watcher = try KumikiDatabase.open(path: path, options: fastPolling)
    let writer = try KumikiDatabase.open(path: path)
    var updates = watcher.savedItems.observe().makeAsyncIterator()
    #expect(try await next(&updates) == [])
    try await writer.savedItems.save(item(1))
    #expect(try await next(&updates) == [item(1)])
    _ = try await writer.savedItems.unsave(1)
    #expect(try await next(&updates) == [])
  }

  @Test func seesASaveMadeByAnotherProcess() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let watcher = try KumikiDatabase.open(path: path, options: fastPolling)
    var updates = watcher.savedItems.observe().makeAsyncIterator()
    #expect(try await next(&updates) == [])
    let child = try StressChild(db: path, from: 42, count: 1)
    let ids = try await next(&updates) { !$0.isEmpty }.map(\.id)
    #expect(ids == [42])
    #expect(await child.waitForExit() == "")
    #expect(child.process.terminationStatus == 0)
  }

  @Test func aDatabaseThatBecomesUnreadableEndsTheStreamWithAnError() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try KumikiDatabase.open(path: directory.path("kumiki.sqlite"), options: fastPolling)
    var updates = database.savedItems.observe().makeAsyncIterator()
    #expect(try await next(&updates) == [])
    try database.close()
    await #expect(throws: Persistence.PersistenceError.self) {
      while try await updates.next() != nil {}
    }
  }
}
