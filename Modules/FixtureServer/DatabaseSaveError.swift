import FixtureData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a write could not be saved to the `db.json` file; the write is then refused with `500` and changes
/// nothing.
struct DatabaseSaveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file being saved.
  var path: String
  /// The system call that failed, e.g. `open`, `fsync` or `rename`.
  var operation: String
  /// Its `errno`.
  var code: Int32

  /// `cannot save PATH: OPERATION failed: REASON`.
  var description: String {
    "cannot save \(path): \(operation) failed: \(String(cString: strerror(code)))"
  }
}
