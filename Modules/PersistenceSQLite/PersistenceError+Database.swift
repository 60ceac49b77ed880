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
    case .SQLITE_INTERRUPT: return .cancelled(operation: operation)
    case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
      return .unwritableLocation(path: path, reason: message)
    default: return .database(path: path, operation: operation, message: message)
    }
  }
}

extension DatabaseError {
  /// Whether SQLite says the file is not a database or is damaged.
  var isCorruption: Bool {
    resultCode == .SQLITE_NOTADB || resultCode == .SQLITE_CORRUPT
  }
}
