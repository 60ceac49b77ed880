import Foundation
import GRDB
import Persistence
import Testing

@testable import PersistenceSQLite

/// Issue 34, item 1: files are whole on their own. A clean close empties the write-ahead log into the `.sqlite`
/// file, so a copy of that file alone (what a backup or a move takes) holds every saved item, setting, feature state
/// and outbox entry; a close beside another process's open connection does too, and never waits for it.
@Suite struct DatabaseWriterCheckpointTests {
  /// Copies the file at `path`, and only it (no `-wal`, no `-shm`), into a fresh folder; returns the copy's path.
  func copyAlone(_ path: String, into directory: TemporaryDirectory) throws -> String {
    let copy = directory.path("copy-\(UUID().uuidString)/" + (path as NSString).lastPathComponent)
    try FileManager.default.createDirectory(
      atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    return copy
  }

  /// The size of the file at `path`, 0 when there is none.
  func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  func write(_ index: Int) -> OutboxWrite {
    OutboxWrite(
      api: "embedded", method: .patch, path: "profile_personal",
      headers: [.init(name: "Content-Type", value: "application/json")], body: Data(#"{"n":\#(index)}"#.utf8),
      createdAt: Date(timeIntervalSinceReferenceDate: 765_432_100), lastError: "cannot connect")
  }

  /// Saves items, a setting, a feature's state and two outbox entries (the outbox commits unsynced).
  func fill(_ database: KumikiDatabase) async throws {
    for id in 1...3 { try await database.savedItems.save(item(id)) }
    try await database.settings.set(.onboardingCompleted, true)
    try await database.featureState.save("archive", 2, Data(#"{"keyword":"鯛"}"#.utf8))
    _ = try await database.outbox.add(write(1))
    _ = try await database.outbox.add(write(2))
  }

  /// Everything ``fill(_:)`` wrote is in the database at `path`.
  func expectFilled(_ path: String) async throws {
    let copy = try KumikiDatabase.open(path: path)
    defer { try? copy.close() }
    #expect(copy.recoveredFrom == nil)
    #expect(try await copy.savedItems.list().map(\.id) == [3, 2, 1])
    #expect(try await copy.settings.get(.onboardingCompleted))
    #expect(try await copy.featureState.load("archive")?.data == Data(#"{"keyword":"鯛"}"#.utf8))
    #expect(try await copy.outbox.entries().map(\.body) == [write(1).body, write(2).body])
  }

  /// The issue's done-when: a copy of kumiki.sqlite alone, taken after a clean close, holds everything. (Before the
  /// fix the file was a 4 KB shell: GRDB closes the writer before its read-only readers, and the last connection,
  /// read-only, cannot checkpoint.)
  @Test func aCopyOfTheDatabaseFileAloneHoldsEverythingAfterAClose() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    try await fill(database)
    #expect(size(path + "-wal") > 0, "the writes are in the log before the close")
    try database.close()
    #expect(size(path + "-wal") == 0, "no -wal content is left behind")
    try await expectFilled(try copyAlone(path, into: directory))
  }

  /// A CLI command exiting while the TUI has the file open: its close still leaves the file whole (the other
  /// connection is idle), and the other connection goes on working.
  @Test func aCloseBesideAnotherOpenConnectionLeavesTheFileWhole() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let running = try KumikiDatabase.open(path: path)
    defer { try? running.close() }
    #expect(try await running.savedItems.list().isEmpty)
    let command = try KumikiDatabase.open(path: path)
    try await fill(command)
    try command.close()
    #expect(size(path + "-wal") == 0)
    try await expectFilled(try copyAlone(path, into: directory))
    // The other connection is untouched: it reads the new writes and writes on.
    #expect(try await running.savedItems.list().map(\.id) == [3, 2, 1])
    try await running.savedItems.save(item(4))
    try running.close()
    let copy = try KumikiDatabase.open(path: try copyAlone(path, into: directory))
    defer { try? copy.close() }
    #expect(try await copy.savedItems.list().map(\.id) == [4, 3, 2, 1])
  }

  /// Another process in the middle of a read: the checkpoint cannot empty the log, and gives up at once instead of
  /// waiting the busy timeout (an exit never blocks on it); it copies what it can, the reader is not disturbed, and
  /// nothing is lost.
  @Test(.timeLimit(.minutes(1))) func aBusyFileMakesTheCheckpointGiveUpAtOnce() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path, options: DatabaseOptions(busyTimeout: .seconds(20)))
    try await fill(database)
    // Another connection in a read transaction (a snapshot of the log), held on a thread of its own until released.
    let reader = try DatabasePool(path: path)
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }  // never leaves the reader's thread waiting, whatever fails
    let (holding, held) = AsyncStream<Void>.makeStream()
    let (finished, finish) = AsyncStream<Result<[Int], any Error>>.makeStream()
    Thread {
      let counts = Result {
        try reader.read { db in
          let before = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM savedItem") ?? -1
          held.yield()
          release.wait()
          return [before, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM savedItem") ?? -1]
        }
      }
      finish.yield(counts)
    }.start()
    for await _ in holding { break }
    let clock = ContinuousClock()
    let started = clock.now
    try database.close()
    #expect(clock.now - started < .seconds(10), "the close did not wait for the reader")
    #expect(size(path + "-wal") > 0, "the log could not be emptied while the reader held it")
    release.signal()
    var results = finished.makeAsyncIterator()
    #expect(try await results.next()?.get() == [3, 3], "the reader was not disturbed")
    try reader.close()
    try await expectFilled(try copyAlone(path, into: directory))
  }

  /// The response cache is not: its close leaves the log for the next run (issue 38: a checkpoint at every command's
  /// exit cost three disk flushes). Closed beside another open connection (another app's), a copy of its file with
  /// the log holds every entry, and a copy of the file alone is still a cache (its answers are fetched again).
  @Test func aCopyOfTheResponseCacheFileWithItsLogHoldsEveryEntryAfterAClose() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let other = try ResponseCacheDatabase.open(at: .file(path: path))
    defer { other.close() }
    let cache = try ResponseCacheDatabase.open(at: .file(path: path))
    for index in 1...3 {
      try await cache.client.store(
        CachedResponse(
          key: "GET /items/\(index)", url: "http://api.test/items/\(index)", status: 200, headers: [],
          body: Data("{\"id\":\(index)}".utf8), fetchedAt: Date(), tags: ["items"]))
    }
    cache.close()
    #expect(size(path + "-wal") > 0)
    let withLog = try copyAlone(path, into: directory)
    try FileManager.default.copyItem(atPath: path + "-wal", toPath: withLog + "-wal")
    let copy = try ResponseCacheDatabase.open(at: .file(path: withLog))
    defer { copy.close() }
    #expect(copy.droppedCorruptFile == nil)
    #expect(try await copy.client.status().entries == 3)
    #expect(try await copy.client.entry("GET /items/2")?.body == Data(#"{"id":2}"#.utf8))
    let alone = try ResponseCacheDatabase.open(at: .file(path: try copyAlone(path, into: directory)))
    defer { alone.close() }
    #expect(alone.droppedCorruptFile == nil)
  }
}
