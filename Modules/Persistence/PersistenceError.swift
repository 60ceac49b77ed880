import Foundation

/// Everything that can go wrong in persistence, each with a message a person can act on.
///
/// Every persistence operation throws only this type. `description` (and `errorDescription`) name the file involved
/// and say what happened and what was — or was not — done about it. Nothing in persistence deletes user data to
/// recover from an error: unreadable files and records are moved aside and kept.
public enum PersistenceError: Error, Equatable, Sendable {
  /// No database location could be worked out: none of `--db`, `KUMIKI_DB`, `XDG_DATA_HOME` or `HOME` was usable.
  case noDataDirectory
  /// The database's folder or file cannot be created or written (permissions, read-only disk, a file in the way).
  case unwritableLocation(path: String, reason: String)
  /// The file at `path` was not a usable SQLite database. It was moved to `movedTo` (kept, not deleted) and a fresh
  /// database was created at `path`. Reported once, by the store that did the recovery.
  case corruptDatabaseMovedAside(path: String, movedTo: String, reason: String)
  /// The file at `path` is corrupt and could not be moved aside; nothing was changed.
  case corruptDatabase(path: String, reason: String)
  /// The response cache at `path` was unreadable (not an SQLite file, or damaged). It was moved to `movedTo` (kept,
  /// never deleted: the file may not have been the cache's) and a fresh cache was created at `path`. Saved items,
  /// settings and feature state live elsewhere and were not touched.
  case corruptCacheMovedAside(path: String, movedTo: String, reason: String)
  /// The file at `path` is a readable SQLite database but not a Kumiki response cache (another schema, such as the
  /// Kumiki database itself); it was left untouched.
  case notACache(path: String, reason: String)
  /// The response cache's folder or file cannot be created or written.
  case unwritableCache(path: String, reason: String)
  /// Any other SQLite failure in the response cache, with SQLite's own message.
  case cache(path: String, operation: String, message: String)
  /// The database was written by a newer Kumiki (it has migrations this build does not know); it was left untouched.
  case newerSchema(path: String, unknownMigrations: [String])
  /// Another process kept the database locked for longer than the busy timeout, even after retrying.
  case busy(path: String, operation: String)
  /// The disk is full; the write did not happen.
  case diskFull(path: String, operation: String)
  /// The calling task was cancelled before the operation finished; a write that was cancelled was rolled back.
  case cancelled(operation: String)
  /// A value could not be encoded for storage; nothing was written.
  case encodingFailed(key: String, reason: String)
  /// A stored value could not be decoded; it was left in place (or set aside), never deleted.
  case decodingFailed(key: String, reason: String)
  /// Any other SQLite failure, with SQLite's own message.
  case database(path: String, operation: String, message: String)
  /// The outbox already holds `limit` writes; this one was not kept.
  case outboxFull(limit: Int)
  /// A write's body of `bytes` bytes is larger than the outbox keeps (`limit`); it was not kept.
  case outboxBodyTooLarge(bytes: Int, limit: Int)
}

extension PersistenceError: CustomStringConvertible, LocalizedError {
  /// A one-paragraph, human-readable explanation naming the file and the outcome.
  public var description: String {
    switch self {
    case .noDataDirectory:
      "Cannot locate the Kumiki database: neither XDG_DATA_HOME nor HOME is set. Pass --db PATH or set KUMIKI_DB."
    case .unwritableLocation(let path, let reason):
      "Cannot write the Kumiki database at \(path): \(Self.clause(reason)). "
        + "Choose another location with --db PATH or KUMIKI_DB."
    case .corruptDatabaseMovedAside(let path, let movedTo, let reason):
      "The Kumiki database at \(path) was unreadable (\(Self.clause(reason))). It was moved to \(movedTo) and kept; "
        + "a fresh database was created in its place."
    case .corruptCacheMovedAside(let path, let movedTo, let reason):
      "The response cache at \(path) was unreadable (\(Self.clause(reason))). It was moved to \(movedTo) and kept; "
        + "a fresh cache was created in its place. Saved items and settings were not touched."
    case .notACache(let path, let reason):
      "\(path) is not a Kumiki response cache (\(Self.clause(reason))), so it was left untouched. "
        + "Choose another file with KUMIKI_CACHE."
    case .unwritableCache(let path, let reason):
      "Cannot write the response cache at \(path): \(Self.clause(reason)). "
        + "Choose another location with KUMIKI_CACHE (:memory: keeps it in memory)."
    case .cache(let path, let operation, let message):
      "Could not \(operation) in the response cache at \(path): \(Self.clause(message)). "
        + "Saved items and settings were not touched."
    case .corruptDatabase(let path, let reason):
      "The Kumiki database at \(path) is unreadable (\(reason)) and could not be moved aside; it was left untouched."
    case .newerSchema(let path, let unknownMigrations):
      "The Kumiki database at \(path) was written by a newer version of Kumiki (unknown migrations: "
        + "\(unknownMigrations.joined(separator: ", "))). It was left untouched; update Kumiki or use another --db."
    case .busy(let path, let operation):
      "Could not \(operation): the Kumiki database at \(path) stayed locked by another process. Try again."
    case .diskFull(let path, let operation):
      "Could not \(operation): the disk holding \(path) is full. Nothing was written."
    case .cancelled(let operation):
      "Could not \(operation): the task was cancelled before it finished. Nothing was written."
    case .encodingFailed(let key, let reason):
      "Could not encode the value for \"\(key)\": \(reason). Nothing was written."
    case .decodingFailed(let key, let reason):
      "Could not decode the stored value for \"\(key)\": \(reason). The stored value was kept."
    case .database(let path, let operation, let message):
      "Could not \(operation) in the Kumiki database at \(path): \(Self.clause(message))."
    case .outboxFull(let limit):
      "The outbox already holds \(limit) writes waiting to send, so this one was not kept. "
        + "Send them (kumiki outbox send) or discard some (kumiki outbox discard ID)."
    case .outboxBodyTooLarge(let bytes, let limit):
      "The write's body (\(bytes) bytes) is larger than the outbox keeps (\(limit) bytes), so it was not kept."
    }
  }

  /// `text` without the full stop it may end with, to sit inside a sentence (no "error.." or "error.)").
  private static func clause(_ text: String) -> String {
    var text = Substring(text)
    while let last = text.last, last == "." || last == " " { text = text.dropLast() }
    return String(text)
  }

  /// Same as `description`, for APIs that read `LocalizedError`.
  public var errorDescription: String? { description }
}
