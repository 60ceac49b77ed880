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
/// directory (`.db.json.RANDOM.tmp`, RANDOM a decimal `UInt64`), flushes it to disk (`fsync`), renames it over the
/// file, and flushes the directory so the rename itself survives a crash. The temporary file is created readable
/// and writable by its owner only (`0600`, less if the file's own mode is stricter) and gets the file's permission
/// bits just before the rename, so its content is never more exposed than the file's. A save that fails removes
/// its temporary file; only a crash between creating and renaming it can leave one behind: the server never reads
/// those, and ``removeStaleTemporaryFiles()`` (run at start, under the ``DatabaseLock``) deletes them.
struct DatabaseFile: Sendable {
  /// The file saved to, with symbolic links resolved: a linked `db.json` is replaced where it really lives and
  /// the link is kept.
  let url: URL

  init(url: URL) {
    self.url = url.standardizedFileURL.resolvingSymlinksInPath()
  }

  /// The directory the file and its temporary files are in.
  var directory: String { url.deletingLastPathComponent().path }

  /// Whether `name` is exactly the name of one of this file's temporary files: `.NAME.DIGITS.tmp`, DIGITS a
  /// `UInt64` as the save writes it (no sign, no leading zero).
  func isTemporaryFileName(_ name: String) -> Bool {
    let prefix = ".\(url.lastPathComponent)."
    let suffix = ".tmp"
    guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return false }
    let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
    guard let value = UInt64(digits) else { return false }
    return String(value) == digits
  }

  /// Deletes the temporary files a crashed save left beside the file: regular files owned by this user whose name
  /// is exactly this file's temporary pattern (``isTemporaryFileName(_:)``); nothing else is touched. Only safe
  /// while holding the file's ``DatabaseLock``, so that no other server is saving.
  /// - Returns: the names removed.
  @discardableResult
  func removeStaleTemporaryFiles() -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
    var removed: [String] = []
    for name in names.sorted() where isTemporaryFileName(name) {
      let path = "\(directory)/\(name)"
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
        continue
      }
      if unlink(path) == 0 { removed.append(name) }
    }
    return removed
  }

  /// Creates the file, private (`0600`), holding `database`; an existing file is an error (`EEXIST`).
  func create(with database: FixtureDatabase) throws(DatabaseSaveError) {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure("open", path: url.path) }
    close(descriptor)
    // The save replaces the empty file atomically and keeps its mode.
    try save(database)
  }

  /// Replaces the file's content with `database`.
  /// - Throws: ``DatabaseSaveError`` naming the failing call; see ``save(bytes:)``.
  func save(_ database: FixtureDatabase) throws(DatabaseSaveError) {
    try save(bytes: Self.bytes(of: database))
  }

  /// The text a save writes for `database`: indented as json-server writes it.
  static func bytes(of database: FixtureDatabase) -> [UInt8] {
    JSONWriter(prettyPrinted: true).bytes(of: .object(database.root))
  }

  /// Replaces the file's content with `bytes`, atomically and durably. A file that does not exist yet is created
  /// (with the process's umask applied).
  /// - Returns: the saved file's signature, taken before the rename (so never another writer's), for `--watch`.
  /// - Throws: ``DatabaseSaveError`` naming the failing call. The file is then unchanged, except when only the
  ///   final flush of the directory failed: the new content is in place but may not survive a crash.
  @discardableResult
  func save(bytes: [UInt8]) throws(DatabaseSaveError) -> FileSignature? {
    let path = url.path
    let (descriptor, temporary, mode) = try createTemporaryFile()
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do throws(DatabaseSaveError) {
      try writeAll(bytes, to: descriptor, path: temporary)
      if fchmod(descriptor, mode) != 0 { throw failure("fchmod", path: temporary) }
      guard fsync(descriptor) == 0 else { throw failure("fsync", path: temporary) }
    } catch {
      close(descriptor)
      throw error
    }
    let signature = FileSignature(descriptor: descriptor)
    guard close(descriptor) == 0 else { throw failure("close", path: temporary) }
    guard rename(temporary, path) == 0 else { throw failure("rename", path: path) }
    renamed = true
    try syncDirectory(directory)
    return signature
  }

  /// Creates a new temporary file beside the file, open for writing, with permission bits of at most `0600` and
  /// never more than the file's own.
  /// - Returns: its descriptor, its path, and the mode the saved file must end up with: the file's current mode, or
  ///   for a new file `0666` less the process's umask.
  func createTemporaryFile() throws(DatabaseSaveError) -> (descriptor: Int32, path: String, finalMode: mode_t) {
    var status = stat()
    let finalMode: mode_t =
      stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : 0o666 & ~Self.processUmask()
    let temporary = "\(directory)/.\(url.lastPathComponent).\(UInt64.random(in: 0...UInt64.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, finalMode & 0o600)
    guard descriptor >= 0 else { throw failure("open", path: temporary) }
    return (descriptor, temporary, finalMode)
  }

  /// The process's file mode creation mask, read from `/proc/self/status` (calling `umask` to read it would change
  /// it for every thread for a moment); `0077`, the strictest usual mask, when it cannot be read.
  static func processUmask() -> mode_t {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
      let mask = mode_t(String(line.dropFirst("Umask:".count)).trimmingWhitespace(), radix: 8)
    else { return 0o077 }
    return mask
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
