import CSQLite
import Foundation
import GRDB
import Persistence
import Synchronization

/// The live response cache: one SQLite file of its own (WAL, busy timeout) beside the Kumiki database, so the cache
/// can be dropped without touching saved items or settings.
///
/// ```swift
/// let location = try DatabaseLocation.resolve(environment: environment).responseCache(environment: environment)
/// let cache = try ResponseCacheDatabase.open(at: location)
/// if let notice = cache.droppedCorruptFile { print(notice) }  // an unreadable file was moved aside
/// let client = cache.client
/// ```
/// The cache holds only copies of what the API serves, but a path given with `KUMIKI_CACHE` may name anything, so
/// the cache never deletes or migrates a file that is not provably its own (``CacheFileCheck``): an unreadable file
/// is moved aside, kept, and a fresh cache created (``droppedCorruptFile`` says so); an SQLite database of another
/// schema — the Kumiki database itself, say — is refused untouched (`PersistenceError.notACache`); one the disk keeps
/// from being opened (read-only, full) is refused untouched too, in the disk's words (`.unwritableCache`, `.diskFull`),
/// never as another schema. A read that fails
/// later counts as a miss in the query layer. Files are private (0600, folder 0700). Writes are not synced at each
/// commit (`synchronous = NORMAL`), and ``close()`` leaves the write-ahead log to the next open (kept near
/// ``logLimit``): a crash or power loss may lose the last entries, never corrupt the file.
public final class ResponseCacheDatabase: Sendable {
  /// Where the cache is.
  public let location: DatabaseLocation
  /// The bounds kept on every store.
  public let limits: ResponseCacheLimits
  /// Non-nil when the file was unreadable and was moved aside for an empty cache; show it to the user once.
  public let droppedCorruptFile: Persistence.PersistenceError?
  private let queue: DatabaseQueue
  /// How long a write waits for another process (restored after the checkpoint at close, which does not wait).
  private let busyTimeout: Duration
  /// Set by ``close()``: GRDB's `read` on a closed queue crashes inside SQLite instead of throwing, so reads check.
  private let isClosed = Mutex(false)
  /// Whether `store` holds entries for ``close()`` (`open`'s `writesAtClose`).
  private let writesAtClose: Bool
  /// With `writesAtClose`: the entries stored since the last write, one per key, in the order stored.
  private let held = Mutex<[CachedResponse]>([])
  /// With `writesAtClose`: the uses to record (by key, the time), written with the held entries.
  private let heldUses = Mutex<[String: Double]>([:])

  private init(
    location: DatabaseLocation, limits: ResponseCacheLimits, queue: DatabaseQueue, dropped: PersistenceError?,
    busyTimeout: Duration, writesAtClose: Bool = false
  ) {
    self.location = location
    self.limits = limits
    self.queue = queue
    self.busyTimeout = busyTimeout
    self.droppedCorruptFile = dropped
    self.writesAtClose = writesAtClose
  }

  /// Opens (creating if needed) the cache at `location`. An unreadable file is deleted and recreated.
  ///
  /// `writesAtClose` (a command-line run: one command, then exit) holds what `store` is given in memory — reads see
  /// it — and writes it all in one transaction at ``close()`` (or before the next invalidation, clearing or status),
  /// after the command's output: no write on the way to it. The uses reads record are written at close too. A process killed before closing loses those entries
  /// (the cache is a copy of the API's answers; the file stays whole).
  /// - Throws: `PersistenceError` when the location cannot be written, or a fresh file cannot be created.
  public static func open(
    at location: DatabaseLocation, limits: ResponseCacheLimits = ResponseCacheLimits(),
    busyTimeout: Duration = .seconds(5), writesAtClose: Bool = false
  ) throws(Persistence.PersistenceError) -> ResponseCacheDatabase {
    switch location {
    case .inMemory:
      do {
        let queue = try DatabaseQueue(configuration: configuration(busyTimeout))
        try useWAL(queue)
        try migrator.migrate(queue)
        return ResponseCacheDatabase(
          location: location, limits: limits, queue: queue, dropped: nil, busyTimeout: busyTimeout,
          writesAtClose: writesAtClose)
      } catch {
        throw PersistenceError.fromCache(error, path: location.displayPath, operation: "open the response cache")
      }
    case .file(let path):
      do {
        try PrivateFile.createFolder(for: path)
      } catch {
        throw .unwritableCache(path: path, reason: error.localizedDescription)
      }
      // Nothing that is not provably the cache is ever deleted, truncated or migrated: a file that is not SQLite
      // or is damaged is moved aside (kept), and an SQLite database of another schema is refused untouched. The
      // schema is read on the connection the cache then uses (``CacheFileCheck``).
      var notice: PersistenceError?
      var check = CacheFileCheck.inspectFile(path)
      while true {
        switch check {
        case nil, .absent, .cache:
          // The log and its index are left beside the file for the next run (``close()``), so SQLite no longer
          // fails to open a cache it could not write (it made them at every open): a read-only disk, folder or
          // file, or a full disk, is refused here, in the disk's words, as it was then.
          if let reason = PrivateFile.readOnlyReason(path) { throw .unwritableCache(path: path, reason: reason) }
          if PrivateFile.isNearlyFull(folderOf: path, below: 64 << 10) {
            throw .diskFull(path: path, operation: "open the response cache")
          }
          PrivateFile.createIfMissing(path)
          do {
            switch try openFile(path, busyTimeout, existing: check == nil) {
            case .success(let queue):
              PrivateFile.restrict(path)
              return ResponseCacheDatabase(
                location: location, limits: limits, queue: queue, dropped: notice, busyTimeout: busyTimeout,
                writesAtClose: writesAtClose)
            case .failure(let refused):
              // A file moved aside once is not moved again: the fresh one is refused as it is.
              guard notice == nil || !refused.isUnreadable else {
                throw PersistenceError.notACache(path: path, reason: refused.reason)
              }
              check = refused.check
            }
          } catch let error as PersistenceError {
            throw error
          } catch {
            PrivateFile.restrict(path)
            throw PersistenceError.fromCache(error, path: path, operation: "open the response cache")
          }
        case .foreign(let reason):
          throw .notACache(path: path, reason: reason)
        case .inaccessible(let error):
          throw error
        case .unreadable(let reason):
          let movedTo: String
          do {
            movedTo = try CorruptFileMover.moveAside(path)
          } catch {
            throw .notACache(path: path, reason: "\(reason); moving it aside failed: \(error.localizedDescription)")
          }
          notice = .corruptCacheMovedAside(path: path, movedTo: movedTo, reason: reason)
          check = .absent
        }
      }
    }
  }

  /// Writes what is held (with `writesAtClose`) and closes the connection; later operations throw.
  ///
  /// The write-ahead log is left for the next run, not copied into the file: a commit with `synchronous = NORMAL`
  /// syncs nothing, so a close costs no disk flush, and a crash or power loss still never corrupts the file (it may
  /// lose the last entries, as before). The next open reads the log (SQLite rebuilds its index from it: a 0.9 MB
  /// log cost 0.41 ms more than none, Benchmarks/README.md, round 4 "after the output"), so a log larger than ``logLimit`` is copied into the file and emptied first (a checkpoint that never waits:
  /// another process using the cache at that moment leaves the rest for later); SQLite's automatic checkpoint keeps
  /// it near that size while a connection stays open (``useWAL(_:)``). SQLite itself would copy the log at the close
  /// of the file's last connection, and delete it: every connection of the cache is opened with
  /// `SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE` (`Modules/CSQLite`), which leaves the log as it is.
  public func close() {
    let wasClosed = isClosed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else {
      try? queue.close()
      return
    }
    let (entries, uses) = (takeHeld(), takeHeldUses())
    if !entries.isEmpty || !uses.isEmpty {
      let limits = limits
      _ = try? queue.write { db in
        for (key, time) in uses {
          try db.execute(sql: "UPDATE response SET usedAt = ? WHERE key = ?", arguments: [time, key])
        }
        if !entries.isEmpty { try Self.insert(entries, db, limits: limits) }
      }
    }
    if case .file(let path) = location {
      if Self.logSize(path) > Self.logLimit { queue.checkpointWithoutWaiting(busyTimeout: busyTimeout) }
    }
    try? queue.close()
  }

  /// The most the write-ahead log is left holding at ``close()``, in bytes (1 MiB: about half a millisecond for the
  /// next open to read, measured as above; a command storing five answers adds about ten pages).
  static let logLimit = 1 << 20

  /// The size of the write-ahead log of the cache at `path`, 0 when there is none.
  static func logSize(_ path: String) -> Int {
    var info = stat()
    guard stat(path + "-wal", &info) == 0 else { return 0 }
    return Int(info.st_size)
  }

  /// The client over this cache (see ``Persistence/ResponseCacheClient`` for the contract).
  public var client: ResponseCacheClient {
    ResponseCacheClient(
      entry: { key throws(PersistenceError) in try await self.entry(key) },
      store: { entry throws(PersistenceError) in try await self.store(entry) },
      invalidate: { tags throws(PersistenceError) in try await self.invalidate(tags) },
      clear: { () throws(PersistenceError) in try await self.clear() },
      status: { () throws(PersistenceError) in try await self.status() }
    )
  }

  // MARK: - Operations

  /// Reads an entry; records the use only when the last one is older than ``useResolution``, so a screen read
  /// again and again costs a read, not a write. An entry whose row cannot be read (``entry(_:)``: another version, a
  /// hand edit, a damaged file) is a miss, and is evicted: the cache file is provably ours, and no read fails because
  /// the cache did.
  private func entry(_ key: String) async throws(PersistenceError) -> CachedResponse? {
    try checkOpen("read a cached response")
    if writesAtClose, let entry = held.withLock({ $0.last { $0.key == key } }) { return entry }
    let row: Row?
    do {
      row = try await queue.read { db in
        try Row.fetchOne(db, sql: "SELECT * FROM response WHERE key = ?", arguments: [key])
      }
    } catch {
      throw PersistenceError.fromCache(error, path: location.displayPath, operation: "read a cached response")
    }
    guard let row else { return nil }
    guard let read = Self.entry(row) else {
      _ = try? await write("evict an unreadable cached response") { db in
        try db.execute(sql: "DELETE FROM response WHERE key = ?", arguments: [key])
      }
      return nil
    }
    let (entry, usedAt) = read
    let now = Date().timeIntervalSince1970
    if now - usedAt > Self.useResolution {
      if writesAtClose {
        heldUses.withLock { $0[key] = now }
        return entry
      }
      try await write("record the use of a cached response") { db in
        try db.execute(sql: "UPDATE response SET usedAt = ? WHERE key = ?", arguments: [now, key])
      }
    }
    return entry
  }

  /// How precisely uses are recorded, in seconds: least-recently-used order is exact to within this.
  static let useResolution: Double = 60

  private func store(_ entry: CachedResponse) async throws(PersistenceError) {
    if writesAtClose {
      try checkOpen("cache a response")
      held.withLock { entries in
        entries.removeAll { $0.key == entry.key }
        entries.append(entry)
      }
      return
    }
    let limits = limits
    try await write("cache a response") { db in try Self.insert([entry], db, limits: limits) }
  }

  /// The entries held for ``close()`` (with `writesAtClose`), emptied.
  private func takeHeld() -> [CachedResponse] {
    held.withLock { entries in
      defer { entries = [] }
      return entries
    }
  }

  /// The uses held for ``close()`` (with `writesAtClose`), emptied.
  private func takeHeldUses() -> [String: Double] {
    heldUses.withLock { uses in
      defer { uses = [:] }
      return uses
    }
  }

  /// Inserts (or replaces) `entries` in order, then trims the cache to `limits`.
  private static func insert(_ entries: [CachedResponse], _ db: Database, limits: ResponseCacheLimits) throws {
    let now = Date().timeIntervalSince1970
    // One statement, prepared once for every entry (a command stores five at close).
    let statement = try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO response (key, url, status, headers, body, fetchedAt, usedAt, tags, invalidated)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for entry in entries {
      try statement.execute(arguments: [
        entry.key, entry.url, entry.status, encode(entry.headers), entry.body,
        entry.fetchedAt.timeIntervalSince1970, now, encode(entry.tags), entry.isInvalidated,
      ])
    }
    try trim(db, to: limits)
  }

  private func invalidate(_ tags: Set<String>) async throws(PersistenceError) -> Int {
    let (entries, limits) = (takeHeld(), limits)
    return try await write("invalidate cached responses") { db in
      if !entries.isEmpty { try Self.insert(entries, db, limits: limits) }
      var count = 0
      for tag in tags.sorted() {
        try db.execute(
          sql: "UPDATE response SET invalidated = 1 WHERE instr(tags, ?) > 0 AND invalidated = 0",
          arguments: ["|\(tag)|"])
        count += db.changesCount
      }
      return count
    }
  }

  private func clear() async throws(PersistenceError) -> Int {
    _ = takeHeld()
    return try await write("clear the response cache") { db in
      try db.execute(sql: "DELETE FROM response")
      return db.changesCount
    }
  }

  private func status() async throws(PersistenceError) -> ResponseCacheStatus {
    try checkOpen("read the response cache's status")
    let entries = takeHeld()
    if !entries.isEmpty {
      let limits = limits
      try await write("cache a response") { db in try Self.insert(entries, db, limits: limits) }
    }
    let (location, limits) = (location.displayPath, limits)
    do {
      return try await queue.read { db in
        // Only times stored as numbers count (a row of another type is evicted when read); lengths are integers.
        let stamp = "CASE WHEN typeof(fetchedAt) IN ('integer', 'real') THEN fetchedAt END"
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT COUNT(*) AS entries, COALESCE(SUM(length(body)), 0) AS bytes, MIN(\(stamp)) AS oldest,
              MAX(\(stamp)) AS newest FROM response
            """)
        var reader = row.map(RowReader.init(row:))
        func time(_ column: String) -> Date? {
          guard reader?.value(column).isNull == false else { return nil }
          return reader?.seconds(column).map(Date.init(timeIntervalSince1970:))
        }
        return ResponseCacheStatus(
          location: location, entries: reader?.integer("entries", in: 0...Int64(Int.max)) ?? 0,
          bytes: reader?.integer("bytes", in: 0...Int64(Int.max)) ?? 0, oldest: time("oldest"),
          newest: time("newest"), limits: limits)
      }
    } catch {
      throw PersistenceError.fromCache(error, path: location, operation: "read the response cache's status")
    }
  }

  /// Throws when the cache was closed (reads only: GRDB's writes on a closed queue throw by themselves).
  private func checkOpen(_ operation: String) throws(PersistenceError) {
    if isClosed.withLock({ $0 }) {
      throw .cache(path: location.displayPath, operation: operation, message: "the response cache is closed")
    }
  }

  private func write<T: Sendable>(
    _ operation: String, _ body: @escaping @Sendable (Database) throws -> T
  ) async throws(PersistenceError) -> T {
    do {
      return try await queue.write(body)
    } catch {
      throw PersistenceError.fromCache(error, path: location.displayPath, operation: operation)
    }
  }

  // MARK: - Rows

  /// Removes least recently used entries until the cache is within `limits`. Rows are named by `rowid` (always an
  /// integer), so a key of another type cannot keep its row from going; lengths come from SQLite as integers.
  private static func trim(_ db: Database, to limits: ResponseCacheLimits) throws {
    guard let totals = try Row.fetchOne(db, sql: "SELECT COUNT(*), COALESCE(SUM(length(body)), 0) FROM response")
    else { return }
    guard case .int64(let entries) = (totals[0] as DatabaseValue).storage,
      case .int64(let total) = (totals[1] as DatabaseValue).storage
    else { return }
    var (count, bytes) = (Int(entries), Int(total))
    guard count > limits.maxEntries || bytes > limits.maxBytes else { return }
    let rows = try Row.fetchCursor(
      db, sql: "SELECT rowid, IFNULL(length(body), 0) FROM response ORDER BY usedAt, key")
    var victims: [Int64] = []
    while count > limits.maxEntries || bytes > limits.maxBytes, let row = try rows.next() {
      guard case .int64(let rowid) = (row[0] as DatabaseValue).storage,
        case .int64(let length) = (row[1] as DatabaseValue).storage
      else { continue }
      victims.append(rowid)
      count -= 1
      bytes -= Int(length)
    }
    for rowid in victims { try db.execute(sql: "DELETE FROM response WHERE rowid = ?", arguments: [rowid]) }
  }

  /// The longest `url`, `headers` and `tags` read, in bytes.
  static let maxTextBytes = 1 << 20

  /// An entry and when it was last used, from a `response` row, every column's type and bound checked; `nil` when
  /// the row is not what Kumiki writes (a column of another type, `NULL`, a time that is no time, a status that is no
  /// status, headers that are not pairs): never a trap.
  private static func entry(_ row: Row) -> (CachedResponse, usedAt: Double)? {
    var reader = RowReader(row: row)
    let key = reader.text("key", bound: maxTextBytes, nonEmpty: false, controls: true)
    let url = reader.text("url", bound: maxTextBytes, nonEmpty: false, controls: true)
    let status = reader.integer("status", in: 100...999)
    let headers = reader.pairs("headers", bound: maxTextBytes, optional: false)
    let body = reader.bytes("body", bound: Int.max)
    let fetchedAt = reader.seconds("fetchedAt")
    let usedAt = reader.seconds("usedAt")
    let tags = reader.text("tags", bound: maxTextBytes, nonEmpty: false, controls: true)
    let invalidated = reader.boolean("invalidated")
    guard let key, let url, let status, let headers, let body, let fetchedAt, let usedAt, let tags, let invalidated
    else { return nil }
    let entry = CachedResponse(
      key: key, url: url, status: status, headers: headers.map { .init(name: $0.0, value: $0.1) }, body: body,
      fetchedAt: Date(timeIntervalSince1970: fetchedAt), tags: tags.split(separator: "|").map(String.init),
      isInvalidated: invalidated)
    return (entry, usedAt)
  }

  /// The headers as a JSON list of `[name, value]` pairs, what ``RowReader`` reads back. Written here rather than by
  /// `JSONSerialization`, which casts each element to find its kind: a protocol conformance lookup (a walk of every
  /// conformance record in the binary) per type on first use, in every command that writes the cache.
  static func encode(_ headers: [CachedResponse.HeaderField]) -> Data {
    var json = "["
    for (index, field) in headers.enumerated() {
      json += index == 0 ? "[" : ",["
      appendJSONString(field.name, to: &json)
      json += ","
      appendJSONString(field.value, to: &json)
      json += "]"
    }
    json += "]"
    // From the bytes: `Data(json.utf8)` goes through `Data`'s generic initialiser and its first-use lookups.
    return json.withUTF8 { bytes in Data(bytes: bytes.baseAddress!, count: bytes.count) }
  }

  /// `text` as a JSON string: quote, backslash and C0 controls escaped, everything else as it is (UTF-8).
  private static func appendJSONString(_ text: String, to json: inout String) {
    json += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": json += "\\\""
      case "\\": json += "\\\\"
      case _ where scalar.value < 0x20:
        json += scalar.value < 0x10 ? "\\u000" : "\\u001"
        json += String(scalar.value & 0xF, radix: 16)
      default: json.unicodeScalars.append(scalar)
      }
    }
    json += "\""
  }

  /// `|a|b|`, so `instr(tags, '|a|')` finds a whole tag.
  private static func encode(_ tags: [String]) -> String {
    tags.isEmpty ? "" : "|" + tags.joined(separator: "|") + "|"
  }

  // MARK: - Opening

  private static func configuration(_ busyTimeout: Duration) -> Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout.timeInterval)
    configuration.label = "kumiki-cache"
    // Every connection leaves the write-ahead log as it is when it closes (``close()`` says why), from its first
    // statement: so the close of a file that turns out not to be the cache never copies that file's log into it
    // either (``openFile`` undoes it for a refused file that had no log). An SQLite without the setting (before 3.16)
    // copies the log at close, as before: nothing is lost.
    configuration.prepareDatabase { db in
      _ = kumiki_sqlite3_keep_log_at_close(UnsafeMutableRawPointer(db.sqliteConnection), 1)
    }
    return configuration
  }

  /// WAL and `synchronous = NORMAL` on the connection, once the file is known to be the cache. Set here rather than by
  /// GRDB's `journalMode = .wal`: GRDB then also writes a transaction (a table made and dropped) at every open whose
  /// log is empty — after every clean close — which a run that only reads must not. One connection: the empty log
  /// GRDB guards against matters to a pool's readers only.
  private static func useWAL(_ queue: DatabaseQueue) throws {
    try queue.writeWithoutTransaction { db in
      let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      guard mode == "wal" || mode == "memory" else {
        throw DatabaseError(message: "could not switch the response cache to WAL")
      }
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      // The log is left at close (``close()``): kept near ``logLimit`` while the connection is open, and the file
      // cut back to it when it restarts.
      try db.execute(sql: "PRAGMA wal_autocheckpoint = \(logLimit / 4096)")  // pages of SQLite's default size
      try db.execute(sql: "PRAGMA journal_size_limit = \(logLimit)")
    }
  }

  /// A file the cache's open found not to be the cache (``CacheFileCheck``), its connection closed.
  private struct Refused: Error {
    let check: CacheFileCheck
    var isUnreadable: Bool { if case .unreadable = check { true } else { false } }
    var reason: String {
      switch check {
      case .foreign(let reason), .unreadable(let reason): reason
      case .inaccessible(let error): String(describing: error)
      case .absent, .cache: ""
      }
    }
  }

  /// Opens the file on one connection, reads its schema on it before setting anything (``CacheFileCheck``), and when
  /// it is the cache sets WAL and migrates it as the database does when several processes open a new one at once:
  /// busy answers are retried, and a migration another process completed first is not an error (so it is never taken
  /// for a foreign file and dropped while that process uses it). A file that is not the cache is returned as a
  /// failure, its connection closed. `existing`: the path held an SQLite file, so an error opening it is what it says
  /// of that file; otherwise it is thrown.
  private static func openFile(
    _ path: String, _ busyTimeout: Duration, existing: Bool
  ) throws -> Result<DatabaseQueue, Refused> {
    try KumikiDatabase.retryingWhileBusy(DatabaseOptions(busyTimeout: busyTimeout)) {
      let hadLog = FileManager.default.fileExists(atPath: path + "-wal")
      let queue: DatabaseQueue
      do {
        queue = try DatabaseQueue(path: path, configuration: configuration(busyTimeout))
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
        throw error
      } catch  where existing {
        return .failure(Refused(check: CacheFileCheck.verdict(on: error, path: path)))
      }
      do {
        let check = try CacheFileCheck.inspect(queue, path: path)
        guard check == .cache else {
          // A file that is not the cache is left as it was: a log it had stays as it is (the connection keeps logs);
          // one that reading it made (a WAL-mode file closed cleanly) goes again, with the index, at this close,
          // which then copies nothing (the log is empty).
          if !hadLog {
            _ = try? queue.inDatabase { db in
              kumiki_sqlite3_keep_log_at_close(UnsafeMutableRawPointer(db.sqliteConnection), 0)
            }
          }
          try? queue.close()
          return .failure(Refused(check: check))
        }
        try useWAL(queue)
        try KumikiDatabase.migrateAllowingRaces(migrator, queue)
        return .success(queue)
      } catch {
        try? queue.close()
        throw error
      }
    }
  }

  /// The cache's own schema; frozen migrations, as for the database.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("cache-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE response (
            key TEXT PRIMARY KEY NOT NULL,
            url TEXT NOT NULL,
            status INTEGER NOT NULL,
            headers BLOB NOT NULL, -- JSON [[name, value]]
            body BLOB NOT NULL,
            fetchedAt REAL NOT NULL, -- seconds since 1970
            usedAt REAL NOT NULL, -- last read or write, for least-recently-used trimming
            tags TEXT NOT NULL, -- |tag|tag|
            invalidated INTEGER NOT NULL DEFAULT 0
          );
          CREATE INDEX response_usedAt ON response (usedAt);
          """)
    }
    return migrator
  }
}
