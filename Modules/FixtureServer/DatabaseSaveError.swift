import FixtureData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a write could not be saved to the `db.json` file; the write is then refused (``status``: `507` for a full
/// disk, `500` otherwise) and changes nothing.
struct DatabaseSaveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file being saved (also when a call on its temporary file failed), or its directory when flushing that
  /// failed, or the name a file was to be kept under.
  var path: String
  /// The system call that failed, e.g. `open`, `fsync` or `rename`.
  var operation: String
  /// Its `errno`.
  var code: Int32
  /// Why the save was refused before any call failed (the data over the size limit, the path not a regular file);
  /// `nil` when a call failed.
  var refusal: String? = nil
  /// Whether the file holds the new content all the same: only the flush of its directory after the rename failed.
  /// What is served must then follow the file.
  var replaced = false

  /// `cannot save PATH: OPERATION failed: REASON`, or `cannot save PATH: REFUSAL`.
  var description: String {
    if let refusal { return "cannot save \(path): \(refusal)" }
    return "cannot save \(path): \(operation) failed: \(String(cString: strerror(code)))"
  }

  /// Whether the disk (or the user's quota) is full, or the data is larger than a server loads: the write is
  /// answered `507 Insufficient Storage`, every other failure `500`.
  var isOutOfSpace: Bool {
    code == ENOSPC || code == EDQUOT || code == EFBIG
  }
}
