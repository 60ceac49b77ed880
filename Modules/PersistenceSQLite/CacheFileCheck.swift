import Foundation
import GRDB
import Persistence

/// Whether a file is provably the response cache, before the cache writes to it.
///
/// Provably the cache: an SQLite file whose only tables are the cache's (`response`, GRDB's migration log) and whose
/// applied migrations are the cache's own. Nothing here writes to the file: the file's kind and header are read before
/// SQLite opens it (``inspectFile(_:)``), its schema on the cache's own connection before anything is set
/// (``inspect(_:path:)``).
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

  /// What can be told of `path` before SQLite opens it (it is not opened): `nil` when it is an SQLite file, whose
  /// schema ``inspect(_:path:)`` reads on the connection the cache then uses.
  static func inspectFile(_ path: String) -> CacheFileCheck? {
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
    return nil
  }

  /// Reads the schema through `queue` — the connection the cache goes on with when it is the cache, opened without
  /// setting anything (no journal mode yet), so a file found not to be the cache has been read, never written. (No
  /// second connection is opened and closed before it: after a crash, that close would checkpoint the log into the
  /// file before the file is known to be the cache.) An error of SQLite's becomes what it says of the file; busy
  /// answers are thrown as they are, to be retried.
  static func inspect(_ queue: DatabaseQueue, path: String) throws -> CacheFileCheck {
    do {
      return try read(queue)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
      throw error
    } catch {
      return verdict(on: error, path: path)
    }
  }

  /// What an error opening or reading the file says of it.
  static func verdict(on error: any Error, path: String) -> CacheFileCheck {
    switch error {
    case let error as DatabaseError where error.isCorruption:
      return .unreadable(error.message ?? "damaged")
    case let error as DatabaseError where error.isDiskProblem:
      return .inaccessible(PersistenceError.fromCache(error, path: path, operation: "open the response cache"))
    case let error as DatabaseError:
      return .foreign(error.message ?? "SQLite error \(error.extendedResultCode.rawValue)")
    default:
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
      let migrations = try KumikiDatabase.appliedMigrations(db)
      let unknown = migrations.subtracting(cacheMigrations)
      return unknown.isEmpty
        ? .cache : .foreign("its migrations are not the cache's: \(unknown.sorted().joined(separator: ", "))")
    }
  }
}
