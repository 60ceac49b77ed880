import Foundation
import GRDB
import Persistence
import Testing

@testable import PersistenceSQLite

private typealias PersistenceError = Persistence.PersistenceError

/// Opening the live database: location, WAL, locking, corrupt and unwritable files.
@Suite struct KumikiDatabaseTests {
  @Test func createsMissingFoldersAndAWALDatabase() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("nested/deeper/kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    #expect(database.recoveredFrom == nil)
    #expect(database.location == .file(path: path))
    try await database.savedItems.save(item(1))
    try database.close()
    let raw = try DatabaseQueue(path: path)
    #expect(try await raw.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
  }

  @Test func theDatabaseAndItsFolderArePrivate() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let previous = umask(0o022)
    defer { umask(previous) }
    let path = directory.path("data/kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    try await database.savedItems.save(item(1))
    #expect(try permissions(path) == 0o600)
    #expect(try permissions(path + "-wal") == 0o600)
    #expect(try permissions(path + "-shm") == 0o600)
    #expect(try permissions(directory.path("data")) == 0o700)
    try database.close()

    // A file an older version created by the umask becomes private when opened.
    #expect(chmod(path, 0o644) == 0)
    let reopened = try KumikiDatabase.open(path: path)
    defer { try? reopened.close() }
    #expect(try permissions(path) == 0o600)
  }

  /// SQLite reports a write to a full disk in WAL mode as an I/O error; the message says the disk is full.
  @Test(.enabled(if: isRoot, "mounting a small tmpfs needs root"))
  func aFullDiskIsReportedAsAFullDisk() async throws {
    let disk = try #require(mountSmallDisk(kilobytes: 160), "could not mount a tmpfs")
    defer { unmountSmallDisk(disk) }
    let cache = try ResponseCacheDatabase.open(at: .file(path: disk + "/kumiki-cache.sqlite"))
    defer { cache.close() }
    var failure: PersistenceError?
    for index in 0..<64 where failure == nil {
      let body = Data(repeating: UInt8(index), count: 16 * 1024)
      do {
        try await cache.client.store(
          CachedResponse(
            key: "GET \(index)", url: "http://api.test/\(index)", status: 200, headers: [], body: body,
            fetchedAt: Date(), tags: []))
      } catch {
        failure = error
      }
    }
    guard case .diskFull(let path, _) = try #require(failure) else {
      Issue.record("expected diskFull, got \(String(describing: failure))")
      return
    }
    #expect(path == disk + "/kumiki-cache.sqlite")
  }

  /// Issue 34, item 17: the database's own writes on a full disk say so too (saved items, the outbox), not a generic
  /// SQLite failure; nothing is lost of what was saved before.
  @Test(.enabled(if: isRoot, "mounting a small tmpfs needs root"))
  func aFullDiskIsReportedAsAFullDiskByTheDatabase() async throws {
    let disk = try #require(mountSmallDisk(kilobytes: 320), "could not mount a tmpfs")
    defer { unmountSmallDisk(disk) }
    let path = disk + "/kumiki.sqlite"
    let database = try KumikiDatabase.open(path: path)
    defer { try? database.close() }
    let text = String(repeating: "鯛", count: 4096)
    var saved = 0
    var failure: PersistenceError?
    for id in 1...200 where failure == nil {
      do {
        try await database.savedItems.save(
          SavedItem(
            id: id, category: "和食", dishName: "Dish \(id)", shopName: "Shop", introduction: text,
            photoURL: "https://example.com/\(id).jpg", savedAt: Date()))
        saved = id
      } catch {
        failure = error
      }
    }
    guard case .diskFull(let reported, _) = try #require(failure) else {
      Issue.record("expected diskFull, got \(String(describing: failure))")
      return
    }
    #expect(reported == path)
    #expect(try await database.savedItems.allIDs().count == saved)
  }

  @Test func theWriterSyncsEveryCommitToDisk() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try KumikiDatabase.open(path: directory.path("kumiki.sqlite"))
    defer { try? database.close() }
    // 2 = FULL: the log is synced at each commit, so a write that returned survives power loss.
    #expect(try database.writer.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
  }

  @Test func keepsDataAcrossReopening() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let first = try KumikiDatabase.open(path: path)
    try await first.savedItems.save(item(1))
    try await first.settings.set(.onboardingCompleted, true)
    try first.close()
    let second = try KumikiDatabase.open(path: path)
    #expect(try await second.savedItems.list() == [item(1)])
    #expect(try await second.settings.get(.onboardingCompleted))
  }

  @Test func inMemoryDatabasesWorkAndAreSeparate() async throws {
    let first = try KumikiDatabase.open(at: .inMemory)
    let second = try KumikiDatabase.open(at: .inMemory)
    try await first.savedItems.save(item(1))
    #expect(try await first.savedItems.allIDs() == [1])
    #expect(try await second.savedItems.allIDs() == [])
  }

  @Test func aNonSQLiteFileIsMovedAsideIntactAndAFreshDatabaseCreated() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let garbage = Data("These are my notes, not a database.\n".utf8)
    try garbage.write(to: URL(fileURLWithPath: path))
    let database = try KumikiDatabase.open(path: path)
    guard case .corruptDatabaseMovedAside(let reportedPath, let movedTo, _) = database.recoveredFrom else {
      Issue.record("expected a moved-aside notice, got \(String(describing: database.recoveredFrom))")
      return
    }
    #expect(reportedPath == path)
    #expect(movedTo.hasPrefix(path + ".corrupt-"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)
    #expect(database.recoveredFrom!.description.contains(path))
    #expect(database.recoveredFrom!.description.contains(movedTo))
    try await database.savedItems.save(item(1))
    #expect(try await database.savedItems.allIDs() == [1])
  }

  @Test func aDamagedDatabaseIsMovedAsideWithItsLog() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let original = try KumikiDatabase.open(path: path)
    for id in 1...300 { try await original.savedItems.save(item(id)) }
    try original.close()
    // Fold the log into the main file first: while the WAL holds intact copies of the pages, SQLite reads those.
    let checkpointer = try DatabaseQueue(path: path)
    try await checkpointer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    try checkpointer.close()
    // Keep the header page, wreck every page after it.
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: 4096)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
    try handle.close()
    let damaged = try Data(contentsOf: URL(fileURLWithPath: path))

    let database = try KumikiDatabase.open(path: path)
    guard case .corruptDatabaseMovedAside(_, let movedTo, _) = database.recoveredFrom else {
      Issue.record("expected a moved-aside notice, got \(String(describing: database.recoveredFrom))")
      return
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == damaged)
    #expect(try await database.savedItems.list() == [])
  }

  /// A database of 300 saved items, closed cleanly, whose last page (a page of the saved items, read by no open) is
  /// then wrecked: only `PRAGMA quick_check` finds it at open.
  private func cleanlyClosedDatabaseWithADamagedLastPage(_ path: String) async throws {
    let original = try KumikiDatabase.open(path: path)
    for id in 1...300 { try await original.savedItems.save(item(id)) }
    try original.close()
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: size - 4096)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
    try handle.close()
  }

  /// Issue 38, item 1: no integrity check after a clean close. The log a clean close leaves is empty (it marks the
  /// close; nothing is written to mark it), so opening reads no more of the file than it needs.
  @Test func aCleanCloseLeavesAnEmptyLogAndOpenDoesNotReadTheWholeFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    try await cleanlyClosedDatabaseWithADamagedLastPage(path)
    #expect(KumikiDatabase.closedCleanly(path))

    let database = try KumikiDatabase.open(path: path)
    defer { try? database.close() }
    #expect(database.recoveredFrom == nil)  // the damage is not looked for: the file was closed cleanly
  }

  /// ... and the check stays after an unclean close: a log with frames in it (a process killed after writing) makes
  /// open check the file, which finds the damage and moves it aside.
  @Test func aLogLeftWithFramesMakesOpenCheckTheFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    try await cleanlyClosedDatabaseWithADamagedLastPage(path)
    // A process writes a setting and is "killed": its files are copied while its connection is open (no checkpoint,
    // no close), which is what kill -9 leaves.
    let crashed = directory.path("crashed.sqlite")
    let writer = try DatabaseQueue(path: path)
    try await writer.write { db in
      try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('x', 'y')")
    }
    try FileManager.default.copyItem(atPath: path, toPath: crashed)
    try FileManager.default.copyItem(atPath: path + "-wal", toPath: crashed + "-wal")
    try writer.close()
    #expect(!KumikiDatabase.closedCleanly(crashed))

    let database = try KumikiDatabase.open(path: crashed)
    defer { try? database.close() }
    guard case .corruptDatabaseMovedAside(let reported, _, _) = database.recoveredFrom else {
      Issue.record("expected a moved-aside notice, got \(String(describing: database.recoveredFrom))")
      return
    }
    #expect(reported == crashed)
  }

  /// Issue 38, item 1: opened `readOnlyUntilWrite` (the CLI), a cleanly closed database is read on read-only
  /// connections — reading and closing leave every byte of the file as it was (a read-write pool would write a table
  /// and drop it at open) — and the first write opens it read-write, after which reads see the write.
  @Test func readOnlyUntilWriteReadsWithoutWritingAndTheFirstWriteOpensItReadWrite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let original = try KumikiDatabase.open(path: path)
    for id in 1...3 { try await original.savedItems.save(item(id)) }
    try await original.settings.set(.onboardingCompleted, true)
    try original.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date

    let reader = try KumikiDatabase.open(path: path, options: DatabaseOptions(readOnlyUntilWrite: true))
    #expect(try await reader.savedItems.allIDs() == [1, 2, 3])
    #expect(try await reader.settings.get(.onboardingCompleted) == true)
    #expect(try await reader.unreadableRows().isEmpty)
    try reader.close()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)
    #expect(KumikiDatabase.closedCleanly(path))

    let writer = try KumikiDatabase.open(path: path, options: DatabaseOptions(readOnlyUntilWrite: true))
    #expect(try await writer.savedItems.allIDs() == [1, 2, 3])
    try await writer.savedItems.save(item(4))
    #expect(try await writer.savedItems.allIDs() == [1, 2, 3, 4])
    try writer.close()
    #expect(KumikiDatabase.closedCleanly(path))
    let reopened = try KumikiDatabase.open(path: path)
    defer { try? reopened.close() }
    #expect(try await reopened.savedItems.allIDs() == [1, 2, 3, 4])
  }

  @Test func readOnlyUntilWriteOpensReadWriteWhatNeedsACheckOrAMigration() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A new file: created and migrated as always.
    let path = directory.path("kumiki.sqlite")
    let created = try KumikiDatabase.open(path: path, options: DatabaseOptions(readOnlyUntilWrite: true))
    try await created.savedItems.save(item(1))
    try created.close()
    // Damaged after an unclean close: checked, moved aside, as without the option.
    try await cleanlyClosedDatabaseWithADamagedLastPage(directory.path("damaged.sqlite"))
    let writer = try DatabaseQueue(path: directory.path("damaged.sqlite"))
    try await writer.write { db in try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('x', 'y')")
    }
    let crashed = directory.path("crashed.sqlite")
    try FileManager.default.copyItem(atPath: directory.path("damaged.sqlite"), toPath: crashed)
    try FileManager.default.copyItem(atPath: directory.path("damaged.sqlite") + "-wal", toPath: crashed + "-wal")
    try writer.close()
    let checked = try KumikiDatabase.open(path: crashed, options: DatabaseOptions(readOnlyUntilWrite: true))
    defer { try? checked.close() }
    guard case .corruptDatabaseMovedAside = checked.recoveredFrom else {
      Issue.record("expected a moved-aside notice, got \(String(describing: checked.recoveredFrom))")
      return
    }
  }

  @Test func aMissingLogIsACleanCloseAndAnyOtherFileThereIsNot() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    #expect(KumikiDatabase.closedCleanly(path))
    _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data())
    #expect(KumikiDatabase.closedCleanly(path))
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path + "-wal"))
    #expect(!KumikiDatabase.closedCleanly(path))
    try FileManager.default.removeItem(atPath: path + "-wal")
    try FileManager.default.createDirectory(atPath: path + "-wal", withIntermediateDirectories: false)
    #expect(!KumikiDatabase.closedCleanly(path))
  }

  @Test func anUnwritableLocationIsAClearError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let blocker = directory.path("not-a-folder")
    _ = FileManager.default.createFile(atPath: blocker, contents: Data("file".utf8))
    let path = blocker + "/kumiki.sqlite"
    #expect {
      try KumikiDatabase.open(path: path)
    } throws: { error in
      guard case .unwritableLocation(let reported, _) = error as? PersistenceError else { return false }
      return reported == path && (error as! PersistenceError).description.contains(path)
    }
  }

  @Test func aFolderAtThePathIsAClearError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect {
      try KumikiDatabase.open(path: directory.url.path)
    } throws: { error in
      guard case .unwritableLocation(_, let reason) = error as? PersistenceError else { return false }
      return reason.contains("folder")
    }
  }

  @Test(.timeLimit(.minutes(1))) func readersDoNotWaitForAnOpenWriteTransaction() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    try await database.savedItems.save(item(1))
    let other = try lockHolder(path)
    try other.inDatabase { db in
      try db.execute(sql: "BEGIN IMMEDIATE; DELETE FROM savedItem")
    }
    #expect(try await database.savedItems.list() == [item(1)])  // would hang if readers waited on the writer
    try other.inDatabase { db in try db.execute(sql: "ROLLBACK") }
  }

  @Test func aWriterHeldLockIsReportedAsBusyOnlyAfterTheTimeoutAndRetries() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(
      path: path, options: DatabaseOptions(busyTimeout: .milliseconds(30), busyRetries: 1))
    let other = try lockHolder(path)
    try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
    await #expect(throws: PersistenceError.busy(path: path, operation: "save item 1")) {
      try await database.savedItems.save(item(1))
    }
    try other.inDatabase { db in try db.execute(sql: "COMMIT") }
    try await database.savedItems.save(item(1))
    #expect(try await database.savedItems.allIDs() == [1])
  }

  @Test func aWriteWaitsForAnotherConnectionInsteadOfFailing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    let other = try DatabasePool(path: path, configuration: configuration)
    // Another connection writing in a tight loop while we write: neither side may see "database is locked".
    async let otherWrites: Void = Task.detached {
      for id in 10_000..<10_300 {
        try await other.write { db in
          try db.execute(
            sql: "INSERT INTO savedItem VALUES (?, 'c', 'd', 's', 'i', 'p', ?)", arguments: [id, Double(id)])
        }
      }
    }.value
    for id in 1...300 { try await database.savedItems.save(item(id)) }
    try await otherWrites
    #expect(try await database.savedItems.allIDs().count == 600)
  }
}

/// A second connection that may keep a transaction open across accesses, to hold SQLite's write lock.
private func lockHolder(_ path: String) throws -> DatabaseQueue {
  var configuration = Configuration()
  configuration.allowsUnsafeTransactions = true
  return try DatabaseQueue(path: path, configuration: configuration)
}
