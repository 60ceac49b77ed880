import GRDB
import Persistence

extension PersistenceError {
  /// Maps any error from GRDB or SQLite to a `PersistenceError` naming the file and the operation.
  static func from(_ error: any Error, path: String, operation: String) -> PersistenceError {
    if let error = error as? PersistenceError { return error }
    if error is CancellationError { return .cancelled(operation: operation) }
    guard let error = error as? DatabaseError else {
      return .database(path: path, operation: operation, message: String(describing: error))
    }
    let message = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path, operation: operation)
    case .SQLITE_FULL: return .diskFull(path: path, operation: operation)
    // A full disk often surfaces as an I/O error (a failed write to the WAL or its index): say which it is.
    case .SQLITE_IOERR where PrivateFile.isNearlyFull(folderOf: path):
      return .diskFull(path: path, operation: operation)
    case .SQLITE_INTERRUPT: return .cancelled(operation: operation)
    case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
      // SQLite's words ("unable to open database file") do not say why: a read-only disk or folder says so.
      return .unwritableLocation(
        path: path, reason: PrivateFile.readOnlyReason(path).map { "\($0) (\(message))" } ?? message)
    default: return .database(path: path, operation: operation, message: message)
    }
  }
}

extension PersistenceError {
  /// Maps any error from the response cache's SQLite file, in the cache's words (`KUMIKI_CACHE`, not `--db`).
  static func fromCache(_ error: any Error, path: String, operation: String) -> PersistenceError {
    switch from(error, path: path, operation: operation) {
    case .unwritableLocation(let path, let reason): .unwritableCache(path: path, reason: reason)
    case .database(let path, let operation, let message): .cache(path: path, operation: operation, message: message)
    case .busy(let path, let operation):
      .cache(path: path, operation: operation, message: "it stayed locked by another process")
    case let other: other
    }
  }
}

extension DatabaseError {
  /// Whether SQLite says the file is not a database or is damaged.
  var isCorruption: Bool {
    resultCode == .SQLITE_NOTADB || resultCode == .SQLITE_CORRUPT
  }

  /// Whether SQLite could not open, read or write the file for a reason of the disk's: read-only (the file, its
  /// folder or its file system), no permission, full, an I/O error. Such a file may be the cache all the same.
  var isDiskProblem: Bool {
    [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_FULL, .SQLITE_IOERR].contains(resultCode)
  }
}
