import CSQLite
import Foundation
import GRDB
import Persistence
import Testing

@testable import PersistenceSQLite

/// The live response cache: its own SQLite file, kept across restarts, bounded least-recently-used, invalidated by
/// tag, and dropped (never the database beside it) when unreadable.
@Suite struct ResponseCacheDatabaseTests {
  static let fetched = Date(timeIntervalSince1970: 1_795_000_000)

  /// An entry with distinguishable fields and a body of `bytes` bytes.
  static func response(
    _ name: String, bytes: Int = 8, tags: [String]? = nil, fetchedAt: Date = fetched
  ) -> CachedResponse {
    CachedResponse(
      key: "GET embedded \(name)", url: "http://127.0.0.1:3000/\(name)", status: 200,
      headers: [
        .init(name: "Content-Type", value: "application/json; charset=utf-8"),
        .init(name: "ETag", value: "\"\(name)-1\""),
        .init(name: "X-Total-Count", value: "36"),
      ],
      body: Data(repeating: UInt8(ascii: "a"), count: bytes), fetchedAt: fetchedAt, tags: tags ?? [name])
  }

  /// The keys' names in the file, read with SQL of our own so that looking does not count as a use.
  static func names(in path: String) throws -> [String] {
    let raw = try DatabaseQueue(path: path)
    defer { try? raw.close() }
    return try raw.read { try String.fetchAll($0, sql: "SELECT key FROM response ORDER BY key") }
      .map { String($0.dropFirst("GET embedded ".count)) }
  }

  /// Moves every entry's last use `seconds` into the past, keeping their order: as if they were used that long ago
  /// (a cache records a use only when the last one is not recent).
  static func age(_ path: String, by seconds: Double) throws {
    let raw = try DatabaseQueue(path: path)
    defer { try? raw.close() }
    try raw.write { try $0.execute(sql: "UPDATE response SET usedAt = usedAt - ?", arguments: [seconds]) }
  }

  /// Issue 38, item 1: a command-line run's cache writes nothing on the way to its output; what it fetched goes to the
  /// file in one transaction when it closes.
  @Test func writingAtCloseHoldsStoredEntriesReadablyAndWritesThemWhenClosed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let cache = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
    let names = ["a", "b", "c", "d", "e"]
    for name in names { try await cache.client.store(Self.response(name)) }
    try await cache.client.store(Self.response("c", bytes: 3))  // stored again: the later one is kept
    #expect(try Self.names(in: path) == [])
    #expect(try await cache.client.entry(Self.response("a").key) == Self.response("a"))
    #expect(try await cache.client.entry(Self.response("c").key) == Self.response("c", bytes: 3))
    cache.close()
    #expect(try Self.names(in: path) == names)

    let reopened = try ResponseCacheDatabase.open(at: .file(path: path))
    defer { reopened.close() }
    #expect(try await reopened.client.entry(Self.response("c").key) == Self.response("c", bytes: 3))
  }

  /// A read that records a use (the last is older than ``ResponseCacheDatabase/useResolution``) writes it at close too.
  @Test func writingAtCloseRecordsUsesAtClose() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let filler = try ResponseCacheDatabase.open(at: .file(path: path))
    try await filler.client.store(Self.response("a"))
    filler.close()
    try Self.age(path, by: 3600)
    func usedAt() throws -> Double? {
      let raw = try DatabaseQueue(path: path)
      defer { try? raw.close() }
      return try raw.read { try Double.fetchOne($0, sql: "SELECT usedAt FROM response") }
    }
    let aged = try #require(try usedAt())

    let cache = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
    #expect(try await cache.client.entry(Self.response("a").key) == Self.response("a"))
    #expect(try usedAt() == aged)
    cache.close()
    #expect(try #require(try usedAt()) > aged + 3000)
  }

  @Test func writingAtCloseWritesHeldEntriesBeforeAnInvalidationOrAStatus() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let cache = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
    defer { cache.close() }
    try await cache.client.store(Self.response("letters"))
    #expect(try await cache.client.invalidate(["letters"]) == 1)
    var invalidated = Self.response("letters")
    invalidated.isInvalidated = true
    #expect(try await cache.client.entry(invalidated.key) == invalidated)
    try await cache.client.store(Self.response("journal"))
    #expect(try await cache.client.status().entries == 2)
    #expect(try Self.names(in: path) == ["journal", "letters"])
  }

  @Test func storesAndReadsBackAnEntryWithItsHeadersBodyAndTags() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = try ResponseCacheDatabase.open(at: .file(path: directory.path("kumiki-cache.sqlite")))
    defer { cache.close() }
    #expect(cache.droppedCorruptFile == nil)
    let body = Data(#"[{"id":1,"dish_name":"特製ビーフカレー"}]"#.utf8)
    let entry = CachedResponse(
      key: "GET embedded archive_items?q=%E3%82%AB%E3%83%AC%E3%83%BC", url: "http://127.0.0.1:3000/archive_items",
      status: 203,
      headers: [
        .init(name: "ETag", value: "W/\"1\""), .init(name: "Set-Cookie", value: "a=1"),
        .init(name: "Set-Cookie", value: "b=2"),
      ],
      body: body, fetchedAt: Date(timeIntervalSince1970: 1_795_000_000.25), tags: ["archive_items", "curry"])

    try await cache.client.store(entry)

    let read = try #require(try await cache.client.entry(entry.key))
    #expect(read == entry)
    #expect(read.header("etag") == "W/\"1\"")
    #expect(String(decoding: read.body, as: UTF8.self).contains("特製ビーフカレー"))
    #expect(try await cache.client.entry("GET embedded archive_items") == nil)
  }

  /// Headers are written as JSON by the cache itself (issue 38: no `JSONSerialization`): every character a header
  /// can hold comes back as it was, and the text is JSON that any reader takes.
  @Test func headersWithQuotesBackslashesControlsAndNonASCIIComeBackAsTheyWere() async throws {
    let fields: [CachedResponse.HeaderField] = [
      .init(name: "ETag", value: #"W/"a\b""#), .init(name: "X-Controls", value: "a\u{0}b\u{1}c\td\ne\u{1F}f\u{7F}"),
      .init(name: "X-Text", value: "カレー 🍛 é / </script>"), .init(name: "", value: ""),
    ]
    let encoded = ResponseCacheDatabase.encode(fields)
    let parsed = try #require(try JSONSerialization.jsonObject(with: encoded) as? [[String]])
    #expect(parsed == fields.map { [$0.name, $0.value] })
    #expect(ResponseCacheDatabase.encode([]) == Data("[]".utf8))

    let cache = try ResponseCacheDatabase.open(at: .inMemory)
    var entry = Self.response("headers")
    entry.headers = fields
    try await cache.client.store(entry)
    #expect(try await cache.client.entry(entry.key) == entry)
  }

  @Test func storingTheSameKeyReplacesTheEntry() async throws {
    let cache = try ResponseCacheDatabase.open(at: .inMemory)
    var entry = Self.response("recent_news")
    try await cache.client.store(entry)
    entry.body = Data("[]".utf8)
    entry.fetchedAt = Self.fetched.addingTimeInterval(60)
    try await cache.client.store(entry)
    #expect(try await cache.client.entry(entry.key) == entry)
    #expect(try await cache.client.status().entries == 1)
  }

  @Test func entriesSurviveClosingAndReopeningAndAreSharedByTwoConnections() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let location = DatabaseLocation.file(path: directory.path("kumiki-cache.sqlite"))
    let first = try ResponseCacheDatabase.open(at: location)
    try await first.client.store(Self.response("recent_news"))
    try await first.client.store(Self.response("profile_personal"))
    _ = try await first.client.invalidate(["profile_personal"])

    // A second process on the same file (the CLI while the TUI runs) sees what the first wrote.
    let other = try ResponseCacheDatabase.open(at: location)
    #expect(try await other.client.entry(Self.response("recent_news").key) == Self.response("recent_news"))
    other.close()
    first.close()

    let reopened = try ResponseCacheDatabase.open(at: location)
    defer { reopened.close() }
    #expect(reopened.droppedCorruptFile == nil)
    #expect(try await reopened.client.entry(Self.response("recent_news").key) == Self.response("recent_news"))
    var invalidated = Self.response("profile_personal")
    invalidated.isInvalidated = true
    #expect(try await reopened.client.entry(invalidated.key) == invalidated)
  }

  /// Issue 38: the cache's open after a crash (its log still holding commits) writes nothing to the file. It read
  /// the file's schema on a connection of its own first and closed it, and that close, the file's last, copied the log
  /// into the file before the file was known to be the cache; the schema is now read on the connection the cache
  /// keeps, and the log goes into the file at the cache's own close.
  @Test func openingAfterACrashWritesNothingToTheFileBeforeItsClose() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let running = directory.path("running.sqlite")
    let cache = try ResponseCacheDatabase.open(at: .file(path: running))
    defer { cache.close() }
    for name in ["a", "b", "c"] { try await cache.client.store(Self.response(name)) }
    // The files as a crash leaves them: the commits in the log, not yet in the file.
    let crashed = directory.path("kumiki-cache.sqlite")
    try FileManager.default.copyItem(atPath: running, toPath: crashed)
    try FileManager.default.copyItem(atPath: running + "-wal", toPath: crashed + "-wal")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: crashed))
    let log = try Data(contentsOf: URL(fileURLWithPath: crashed + "-wal"))
    #expect(!log.isEmpty)

    let reopened = try ResponseCacheDatabase.open(at: .file(path: crashed))
    #expect(try Data(contentsOf: URL(fileURLWithPath: crashed)) == bytes)
    #expect(try Data(contentsOf: URL(fileURLWithPath: crashed + "-wal")) == log)
    #expect(try await reopened.client.entry(Self.response("b").key) == Self.response("b"))
    reopened.close()
    #expect(try Self.names(in: crashed) == ["a", "b", "c"])
  }

  /// The bytes of the file at `path`, empty when there is none.
  static func bytes(_ path: String) -> Data { (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() }

  /// Issue 38: a close leaves the log for the next run instead of copying it into the file (a checkpoint syncs the
  /// disk twice, and the log's restart once more): the file is not written, the log keeps the run's entries, and the
  /// next run reads them. (Before, the close copied the log into the file and SQLite deleted the log.)
  @Test func aCloseLeavesTheLogToTheNextRunWhichReadsWhatItHolds() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let first = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
    try await first.client.store(Self.response("a"))
    first.close()
    let (file, log) = (Self.bytes(path), Self.bytes(path + "-wal"))
    #expect(!log.isEmpty, "the first run's entry is in the log")

    let second = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
    #expect(try await second.client.entry(Self.response("a").key) == Self.response("a"))
    for name in ["b", "c", "d", "e"] { try await second.client.store(Self.response(name)) }
    second.close()
    #expect(Self.bytes(path) == file, "nothing was copied into the file")
    let grown = Self.bytes(path + "-wal")
    #expect(grown.count > log.count && grown.prefix(log.count) == log, "the run's commit was appended to the log")

    let third = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
    defer { third.close() }
    #expect(third.droppedCorruptFile == nil)
    for name in ["a", "b", "c", "d", "e"] {
      #expect(try await third.client.entry(Self.response(name).key) == Self.response(name))
    }
  }

  /// The close leaves the log and its index beside the file, and makes no other file (a path with characters an SQLite
  /// URI would give meaning to, in case one is ever built from it).
  @Test func aCloseLeavesTheLogAndIndexBesideTheFileAndMakesNoOtherFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let folder = directory.path("a %41?b#c")
    let path = folder + "/kumiki-cache.sqlite"
    for name in ["a", "b"] {
      let run = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
      try await run.client.store(Self.response(name))
      run.close()
    }
    #expect(ResponseCacheDatabase.logSize(path) > 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        == ["kumiki-cache.sqlite", "kumiki-cache.sqlite-shm", "kumiki-cache.sqlite-wal"])
    #expect(try directory.contents() == ["a %41?b#c"])
    #expect(try Self.names(in: path) == ["a", "b"])
  }

  /// A file that is not the cache — another program's SQLite database in WAL mode, its log holding changes not yet in
  /// the file — is refused, and its file and log are left byte for byte: the refused connection's close does not copy
  /// the log into the file (SQLite's checkpoint at a file's last close; every cache connection is opened without it).
  @Test func aForeignDatabaseWithALogIsRefusedAndItsFileAndLogAreLeftAsTheyWere() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("theirs.sqlite")
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      _ = kumiki_sqlite3_keep_log_at_close(UnsafeMutableRawPointer(db.sqliteConnection), 1)
    }
    let theirs = try DatabaseQueue(path: path, configuration: configuration)
    try theirs.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
      try db.execute(sql: "INSERT INTO note (text) VALUES ('kept in the log')")
    }
    try theirs.close()
    let file = try Data(contentsOf: URL(fileURLWithPath: path))
    let log = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
    #expect(!log.isEmpty)

    #expect(throws: Persistence.PersistenceError.self) { try ResponseCacheDatabase.open(at: .file(path: path)) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == file)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == log)
  }

  /// A file that is not the cache — another program's SQLite database in WAL mode, closed cleanly (no log) — is
  /// refused and left as it was, with no log or index beside it: reading its schema makes them, and the refused
  /// connection's close removes them again.
  @Test func aForeignDatabaseInWALModeWithoutALogIsRefusedAndNothingIsLeftBesideIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("theirs.sqlite")
    let theirs = try DatabaseQueue(path: path)
    try theirs.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
      try db.execute(sql: "INSERT INTO note (text) VALUES ('in the file')")
    }
    try theirs.close()
    let listing = try directory.contents()
    #expect(listing == ["theirs.sqlite"])
    let file = try Data(contentsOf: URL(fileURLWithPath: path))

    #expect(throws: Persistence.PersistenceError.self) { try ResponseCacheDatabase.open(at: .file(path: path)) }
    #expect(try directory.contents() == listing)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == file)
  }

  /// The log left at close stays bounded: a close that finds it past ``ResponseCacheDatabase/logLimit`` copies it into
  /// the file and empties it, so the next open never reads more than about that much.
  @Test func theLogLeftAtCloseStaysWithinItsLimit() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    var largest = 0
    var emptied = false
    for run in 0..<40 {
      let cache = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
      try await cache.client.store(Self.response("run-\(run % 8)", bytes: 96 << 10))
      cache.close()
      let size = ResponseCacheDatabase.logSize(path)
      largest = max(largest, size)
      if size == 0 { emptied = true }
    }
    #expect(largest <= ResponseCacheDatabase.logLimit + (256 << 10), "\(largest) bytes left in the log")
    #expect(largest > ResponseCacheDatabase.logLimit / 2, "the runs wrote enough to reach the limit")
    #expect(emptied, "a close emptied the log")
    let reopened = try ResponseCacheDatabase.open(at: .file(path: path))
    defer { reopened.close() }
    #expect(try await reopened.client.status().entries == 8)
    #expect(try await reopened.client.entry(Self.response("run-7").key) == Self.response("run-7", bytes: 96 << 10))
  }

  /// A command-line run beside another process that keeps the cache open (the TUI): each sees the other's entries,
  /// the run's close leaves the other working, and the file is whole once both have closed.
  @Test func aRunBesideAnOpenCacheLeavesItWorking() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let tui = try ResponseCacheDatabase.open(at: .file(path: path))
    try await tui.client.store(Self.response("first"))
    let run = try ResponseCacheDatabase.open(at: .file(path: path), writesAtClose: true)
    #expect(try await run.client.entry(Self.response("first").key) == Self.response("first"))
    try await run.client.store(Self.response("second"))
    run.close()
    #expect(try await tui.client.entry(Self.response("second").key) == Self.response("second"))
    try await tui.client.store(Self.response("third"))
    #expect(try await tui.client.status().entries == 3)
    tui.close()

    let raw = try DatabaseQueue(path: path)
    defer { try? raw.close() }
    #expect(try await raw.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
    #expect(try Self.names(in: path) == ["first", "second", "third"])
  }

  @Test func theFileIsAWALDatabaseOfItsOwn() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("nested/kumiki-cache.sqlite")
    let cache = try ResponseCacheDatabase.open(at: .file(path: path))  // the folder is created
    try await cache.client.store(Self.response("recent_news"))
    cache.close()
    let raw = try DatabaseQueue(path: path)
    #expect(try await raw.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    #expect(try await raw.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM response") } == 1)
  }

  @Test func trimsToTheEntryLimitLeastRecentlyUsedFirstAndAReadIsAUse() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let cache = try ResponseCacheDatabase.open(at: .file(path: path), limits: ResponseCacheLimits(maxEntries: 3))
    defer { cache.close() }
    for name in ["a", "b", "c"] { try await cache.client.store(Self.response(name)) }
    try Self.age(path, by: 3600)
    _ = try await cache.client.entry(Self.response("a").key)  // a is now used more recently than b and c

    try await cache.client.store(Self.response("d"))
    #expect(try Self.names(in: path) == ["a", "c", "d"])

    try Self.age(path, by: 3600)
    _ = try await cache.client.entry(Self.response("c").key)
    try await cache.client.store(Self.response("e"))  // a was used before d, and c since
    #expect(try Self.names(in: path) == ["c", "d", "e"])
    #expect(try await cache.client.status().entries == 3)
  }

  @Test func trimsToTheByteLimitLeastRecentlyUsedFirst() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let cache = try ResponseCacheDatabase.open(at: .file(path: path), limits: ResponseCacheLimits(maxBytes: 100))
    defer { cache.close() }
    try await cache.client.store(Self.response("a", bytes: 40))
    try await cache.client.store(Self.response("b", bytes: 40))
    try Self.age(path, by: 3600)
    _ = try await cache.client.entry(Self.response("a").key)

    try await cache.client.store(Self.response("c", bytes: 40))  // 120 bytes: b, least recently used, goes
    #expect(try Self.names(in: path) == ["a", "c"])
    #expect(try await cache.client.status().bytes == 80)

    try await cache.client.store(Self.response("big", bytes: 90))  // only room for itself
    #expect(try Self.names(in: path) == ["big"])
    #expect(try await cache.client.status().bytes == 90)
  }

  @Test func invalidatingATagMarksItsEntriesWhichStayReadable() async throws {
    let cache = try ResponseCacheDatabase.open(at: .inMemory)
    try await cache.client.store(Self.response("profile_personal"))
    try await cache.client.store(Self.response("profile_personal?x=1", tags: ["profile_personal"]))
    try await cache.client.store(Self.response("profile_comment"))  // a tag that merely starts the same
    try await cache.client.store(Self.response("both", tags: ["recent_news", "profile_personal"]))

    #expect(try await cache.client.invalidate(["profile_personal"]) == 3)
    #expect(try await cache.client.invalidate(["profile_personal"]) == 0)  // already marked
    #expect(try await cache.client.invalidate(["profile"]) == 0)  // whole tags only

    for name in ["profile_personal", "profile_personal?x=1", "both"] {
      let entry = try #require(try await cache.client.entry("GET embedded \(name)"))
      #expect(entry.isInvalidated, "\(name)")
      #expect(entry.body == Self.response(name).body)
    }
    #expect(try await cache.client.entry(Self.response("profile_comment").key)?.isInvalidated == false)

    // Storing a fresh answer clears the mark.
    try await cache.client.store(Self.response("profile_personal"))
    #expect(try await cache.client.entry(Self.response("profile_personal").key)?.isInvalidated == false)
  }

  @Test func clearRemovesEverythingAndStatusSaysWhatIsHeld() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let limits = ResponseCacheLimits(maxEntries: 50, maxBytes: 4096)
    let cache = try ResponseCacheDatabase.open(at: .file(path: path), limits: limits)
    defer { cache.close() }
    #expect(
      try await cache.client.status()
        == ResponseCacheStatus(location: path, entries: 0, bytes: 0, oldest: nil, newest: nil, limits: limits))

    let newest = Self.fetched.addingTimeInterval(90)
    try await cache.client.store(Self.response("recent_news", bytes: 100, fetchedAt: newest))
    try await cache.client.store(Self.response("pickup_photos", bytes: 20))
    try await cache.client.store(
      Self.response("trend_articles", bytes: 3, fetchedAt: Self.fetched.addingTimeInterval(30)))
    #expect(
      try await cache.client.status()
        == ResponseCacheStatus(
          location: path, entries: 3, bytes: 123, oldest: Self.fetched, newest: newest, limits: limits))

    #expect(try await cache.client.clear() == 3)
    #expect(try await cache.client.entry(Self.response("recent_news").key) == nil)
    #expect(try await cache.client.status().entries == 0)
    #expect(try await cache.client.clear() == 0)
  }

  @Test func aGarbageFileIsMovedAsideWithANoticeAndTheDatabaseBesideItIsUntouched() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let databasePath = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: databasePath)
    try await database.savedItems.save(item(6))
    try await database.settings.set(.onboardingCompleted, true)
    try database.close()
    let databaseBytes = try Data(contentsOf: URL(fileURLWithPath: databasePath))

    let location = DatabaseLocation.file(path: databasePath).responseCache(environment: [:])
    #expect(location == .file(path: directory.path("kumiki-cache.sqlite")))
    let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(fileURLWithPath: location.displayPath))

    let cache = try ResponseCacheDatabase.open(at: location)
    defer { cache.close() }
    guard case .corruptCacheMovedAside(let path, let movedTo, _) = cache.droppedCorruptFile else {
      Issue.record("expected a moved-aside notice, got \(String(describing: cache.droppedCorruptFile))")
      return
    }
    #expect(path == location.displayPath)
    let notice = String(describing: try #require(cache.droppedCorruptFile))
    #expect(notice.contains(location.displayPath))
    #expect(notice.contains(movedTo))
    #expect(notice.contains("Saved items and settings were not touched"))

    // A fresh, working cache in its place; the garbage kept, byte for byte, where the notice says.
    #expect(try await cache.client.status().entries == 0)
    try await cache.client.store(Self.response("recent_news"))
    #expect(try await cache.client.entry(Self.response("recent_news").key) == Self.response("recent_news"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)

    // The database was not opened, moved or changed.
    #expect(try Data(contentsOf: URL(fileURLWithPath: databasePath)) == databaseBytes)
    let reopened = try KumikiDatabase.open(path: databasePath)
    defer { try? reopened.close() }
    #expect(reopened.recoveredFrom == nil)
    #expect(try await reopened.savedItems.list() == [item(6)])
    #expect(try await reopened.settings.get(.onboardingCompleted))
  }

  /// `KUMIKI_CACHE=notes.txt`: the user's text file is never replaced by an empty cache.
  @Test func aTextFileNamedAsTheCacheIsKeptByteForByte() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notes = directory.path("notes.txt")
    let text = Data("shopping: 鯛, 味噌\n".utf8)
    try text.write(to: URL(fileURLWithPath: notes))
    let cache = try ResponseCacheDatabase.open(at: .file(path: notes))
    defer { cache.close() }
    guard case .corruptCacheMovedAside(_, let movedTo, let reason) = cache.droppedCorruptFile else {
      Issue.record("expected a moved-aside notice, got \(String(describing: cache.droppedCorruptFile))")
      return
    }
    #expect(reason == "not an SQLite file")
    #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == text)
  }

  /// `KUMIKI_CACHE` equal to `KUMIKI_DB`: the database is refused untouched, so it still opens afterwards (it was
  /// migrated with `cache-v1` and locked out before).
  @Test func theKumikiDatabaseIsNeverTakenForTheCache() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    try await database.savedItems.save(item(6))
    try database.close()

    #expect {
      _ = try ResponseCacheDatabase.open(at: .file(path: path))
    } throws: { error in
      guard case .notACache(let reported, let reason) = error as? Persistence.PersistenceError else { return false }
      return reported == path && reason.contains("other tables")
    }
    // Not migrated: no cache table, no cache migration (which locked the database out before).
    let raw = try DatabaseQueue(path: path)
    let (tables, migrations) = try await raw.read { db in
      (
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"),
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
      )
    }
    try raw.close()
    #expect(!tables.contains("response"))
    #expect(!migrations.contains("cache-v1"))
    let reopened = try KumikiDatabase.open(path: path)
    defer { try? reopened.close() }
    #expect(try await reopened.savedItems.list() == [item(6)])
  }

  @Test func aNewCacheIsPrivate() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("data/kumiki-cache.sqlite")
    let previous = umask(0o022)
    defer { umask(previous) }
    let cache = try ResponseCacheDatabase.open(at: .file(path: path))
    defer { cache.close() }
    #expect(try permissions(path) == 0o600)
    #expect(try permissions(path + "-wal") == 0o600)
    #expect(try permissions(directory.path("data")) == 0o700)
  }

  /// The loser of the race to migrate a new file must not take it for a foreign one and drop it under the winner.
  @Test(.timeLimit(.minutes(1))) func severalCachesOpeningANewFileAtOnceAllKeepIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let dropped = try await withThrowingTaskGroup(of: Bool.self) { group in
      for name in ["a", "b", "c", "d"] {
        group.addTask {
          let cache = try ResponseCacheDatabase.open(at: .file(path: path))
          defer { cache.close() }
          try await cache.client.store(Self.response(name))
          return cache.droppedCorruptFile != nil
        }
      }
      return try await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(dropped == [false, false, false, false])
    #expect(try Self.names(in: path) == ["a", "b", "c", "d"])
  }

  @Test func aSQLiteFileOfAnotherSchemaIsRefusedUntouched() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki-cache.sqlite")
    let foreign = try DatabaseQueue(path: path)
    try await foreign.write {
      try $0.execute(sql: "CREATE TABLE response (name TEXT); INSERT INTO response VALUES ('x')")
    }
    try foreign.close()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

    #expect(throws: Persistence.PersistenceError.notACache(path: path, reason: "its tables were not made by Kumiki")) {
      _ = try ResponseCacheDatabase.open(at: .file(path: path))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  /// Issue 34, item 17: a real cache on a read-only disk was called "not a Kumiki response cache". It says the cache
  /// cannot be written, and why (read-only), and leaves the file as it was. As root, whom permissions do not stop,
  /// the folder is a tmpfs remounted read-only (EROFS); otherwise a folder of mode 0555 (`readOnlyFolder`).
  @Test func aCacheOnAReadOnlyDiskIsCalledReadOnlyNotAnotherFile() async throws {
    let name = "kumiki-cache.sqlite"
    let folder = try await readOnlyFolder { folder in
      let cache = try ResponseCacheDatabase.open(at: .file(path: folder + "/" + name))
      try await cache.client.store(Self.response("recent_news"))
      cache.close()
    }
    let (path, remove) = try #require(folder, "could not make a read-only folder (root without mount)")
    defer { remove() }
    let file = path + "/" + name
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    do {
      let cache = try ResponseCacheDatabase.open(at: .file(path: file))
      cache.close()
      Issue.record("a cache on a read-only disk opened")
    } catch {
      guard case .unwritableCache(let reported, let reason) = error else {
        Issue.record("expected unwritableCache, got \(error)")
        return
      }
      #expect(reported == file)
      #expect(reason.contains("read-only"), "\(reason)")
      #expect(!error.description.contains("not a Kumiki response cache"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
  }

  /// Issue 34, item 17: a real cache on a full disk was called "not a Kumiki response cache" too (opening it needs
  /// room for its index, `-shm`). It says the disk is full. A real full disk: a small tmpfs filled up, so root only.
  @Test(.enabled(if: isRoot, "mounting a small tmpfs needs root"))
  func aCacheOnAFullDiskIsCalledFull() async throws {
    let disk = try #require(mountSmallDisk(kilobytes: 256), "could not mount a tmpfs")
    defer { unmountSmallDisk(disk) }
    let file = disk + "/kumiki-cache.sqlite"
    let cache = try ResponseCacheDatabase.open(at: .file(path: file))
    try await cache.client.store(Self.response("recent_news"))
    cache.close()
    // Issue 38: the log and its index are kept for the next run, so opening no longer needs room to make them; the
    // open says the disk is full all the same.
    #expect(FileManager.default.fileExists(atPath: file + "-shm"), "its index is kept for the next run")
    fillDisk(disk)
    do {
      let cache = try ResponseCacheDatabase.open(at: .file(path: file))
      cache.close()
      Issue.record("a cache on a full disk opened")
    } catch {
      guard case .diskFull(let reported, _) = error else {
        Issue.record("expected diskFull, got \(error)")
        return
      }
      #expect(reported == file)
      #expect(error.description.contains("is full"))
    }
  }

  @Test func everyOperationOnAClosedCacheThrowsAPersistenceError() async throws {
    let cache = try ResponseCacheDatabase.open(at: .inMemory)
    cache.close()
    // Reads too: GRDB's read on a closed queue crashed inside SQLite before the cache checked.
    await #expect(throws: Persistence.PersistenceError.self) {
      try await cache.client.entry("GET embedded recent_news")
    }
    await #expect(throws: Persistence.PersistenceError.self) {
      try await cache.client.status()
    }
    await #expect(throws: Persistence.PersistenceError.self) {
      try await cache.client.store(Self.response("recent_news"))
    }
    await #expect(throws: Persistence.PersistenceError.self) {
      try await cache.client.invalidate(["recent_news"])
    }
    await #expect(throws: Persistence.PersistenceError.self) {
      try await cache.client.clear()
    }
  }
}
