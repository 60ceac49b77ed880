import FixtureData
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `db.json` a server saves every successful write to, atomically: a crash at any moment leaves either the
/// old file or the new one, never a mix.
///
/// A save writes the whole database, indented as json-server writes it, to a new hidden file in the same
/// directory (`.db.json.RANDOM.tmp`), flushes it to disk (`fsync`), renames it over the file, and flushes the
/// directory so the rename itself survives a crash. The new file keeps the old one's permission bits. A save that
/// fails removes its temporary file; only a crash between creating and renaming it can leave one behind, and the
/// server never reads those.
struct DatabaseFile: Sendable {
  /// The file saved to, with symbolic links resolved: a linked `db.json` is replaced where it really lives and
  /// the link is kept.
  let url: URL

  init(url: URL) {
    self.url = url.standardizedFileURL.resolvingSymlinksInPath()
  }

  /// Replaces the file's content with `database`.
  /// - Throws: ``DatabaseSaveError`` naming the failing call; see ``save(bytes:)``.
  func save(_ database: FixtureDatabase) throws(DatabaseSaveError) {
    try save(bytes: JSONWriter(prettyPrinted: true).bytes(of: .object(database.root)))
  }

  /// Replaces the file's content with `bytes`, atomically and durably. A file that does not exist yet is created
  /// (with the process's umask applied).
  /// - Throws: ``DatabaseSaveError`` naming the failing call. The file is then unchanged, except when only the
  ///   final flush of the directory failed: the new content is in place but may not survive a crash.
  func save(bytes: [UInt8]) throws(DatabaseSaveError) {
    let path = url.path
    let directory = url.deletingLastPathComponent().path
    let temporary = "\(directory)/.\(url.lastPathComponent).\(UInt64.random(in: 0...UInt64.max)).tmp"

    var status = stat()
    let existingMode: mode_t? = stat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure("open", path: temporary) }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do throws(DatabaseSaveError) {
      try writeAll(bytes, to: descriptor, path: temporary)
      if let existingMode, fchmod(descriptor, existingMode) != 0 { throw failure("fchmod", path: temporary) }
      guard fsync(descriptor) == 0 else { throw failure("fsync", path: temporary) }
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw failure("close", path: temporary) }
    guard rename(temporary, path) == 0 else { throw failure("rename", path: path) }
    renamed = true
    try syncDirectory(directory)
  }

  private func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(DatabaseSaveError) {
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
      if result < 0 {
        if errno == EINTR { continue }
        throw failure("write", path: path)
      }
      written += result
    }
  }

  /// Flushes the directory entry of the rename. File systems that cannot sync a directory say `EINVAL`; there
  /// the rename is as durable as the file system makes it.
  private func syncDirectory(_ directory: String) throws(DatabaseSaveError) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure("open", path: directory) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 || errno == EINVAL else { throw failure("fsync", path: directory) }
  }

  private func failure(_ operation: String, path: String) -> DatabaseSaveError {
    DatabaseSaveError(path: path, operation: operation, code: errno)
  }
}
