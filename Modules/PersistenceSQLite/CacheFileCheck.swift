import Foundation
import GRDB
import Persistence

/// Whether a file is provably the response cache, before the cache writes to it.
///
/// Provably the cache: an SQLite file whose only tables are the cache's (`response`, GRDB's migration log) and whose
/// applied migrations are the cache's own. Nothing here writes to the file.
enum CacheFileCheck: Equatable {
  /// Nothing there yet, or an empty file (what SQLite and ``PrivateFile/createIfMissing(_:)`` leave).
  case absent
  /// The response cache.
  case cache
  /// Readable, but something else (another schema, not a regular file): it must be left untouched.
  case foreign(String)
  /// Not an SQLite file, or a damaged one: it may be moved aside, never deleted.
  case unreadable(String)
  /// It could not be read for a reason of the disk's (a read-only file, folder or file system, a full disk), so it
  /// may well be the cache: left as it is, with the error that says what the disk did (`.unwritableCache`,
  /// `.diskFull`), never "not a cache".
  case inaccessible(PersistenceError)

  /// The 16 bytes every SQLite database file starts with.
  static let sqliteHeader = Array("SQLite format 3\0".utf8)
  /// Tables the cache's schema has (`ResponseCacheDatabase.migrator`).
  static let cacheTables: Set<String> = ["response", "grdb_migrations"]
  /// Migrations the cache's schema has.
  static let cacheMigrations: Set<String> = ["cache-v1"]

  /// Inspects `path`; another process creating the cache at the same moment is waited for (busy answers are
  /// retried for up to `busyTimeout`), not taken for a foreign file.
  static func inspect(_ path: String, busyTimeout: Duration = .seconds(5)) -> CacheFileCheck {
    var info = stat()
    guard stat(path, &info) == 0 else { return .absent }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .foreign("it is not a regular file") }
    guard info.st_size > 0 else { return .absent }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      return .inaccessible(.unwritableCache(path: path, reason: "it cannot be read (no permission)"))
    }
    let header = (try? handle.read(upToCount: sqliteHeader.count)).map(Array.init) ?? []
    try? handle.close()
    guard header == sqliteHeader else { return .unreadable("not an SQLite file") }
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(busyTimeout.timeInterval)
      let options = DatabaseOptions(busyTimeout: busyTimeout)
      return try KumikiDatabase.retryingWhileBusy(options) {
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try read(queue)
      }
    } catch let error as DatabaseError where error.isCorruption {
      return .unreadable(error.message ?? "damaged")
    } catch let error as DatabaseError where error.isDiskProblem {
      return .inaccessible(PersistenceError.fromCache(error, path: path, operation: "open the response cache"))
    } catch let error as DatabaseError {
      return .foreign(error.message ?? "SQLite error \(error.extendedResultCode.rawValue)")
    } catch {
      return .foreign(String(describing: error))
    }
  }

  private static func read(_ queue: DatabaseQueue) throws -> CacheFileCheck {
    try queue.read { db in
      let tables = Set(
        try String.fetchAll(
          db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
      let unknownTables = tables.subtracting(cacheTables)
      guard unknownTables.isEmpty else {
        return .foreign("it holds other tables: \(unknownTables.sorted().prefix(5).joined(separator: ", "))")
      }
      guard tables.contains("grdb_migrations") else {
        return tables.isEmpty ? .cache : .foreign("its tables were not made by Kumiki")
      }
      let migrations = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
      let unknown = migrations.subtracting(cacheMigrations)
      return unknown.isEmpty
        ? .cache : .foreign("its migrations are not the cache's: \(unknown.sorted().joined(separator: ", "))")
    }
  }
}
