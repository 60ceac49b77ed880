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
/// bits just before the rename, so its content is never more exposed than the file's; a file that is not there (never
/// made, or deleted while the server runs) is made `0600`, whatever the umask. A save that fails removes its
/// temporary file; only a crash between creating and renaming it can leave one behind: the server never reads
/// those, and ``removeStaleTemporaryFiles()`` (run at start, under the ``DatabaseLock``) deletes them. A save never
/// replaces something that is not a regular file (a directory, a FIFO, a socket, a device), and never writes more
/// than ``maximumBytes``, the most a server loads.
///
/// Loading (``load()``) reads only a regular file (or a symbolic link to one) of at most ``maximumBytes``, and never
/// blocks: a FIFO, a socket or a device at the path is refused by its type, before anything is read from it.
struct DatabaseFile: Sendable {
  /// Writes bytes to a descriptor as `write(2)` does: the count written, or `-1` with `errno` set.
  typealias Write = @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int

  /// The largest file a server loads, and so the largest it saves: 16 MiB. A debug build of `kumiki-api` loads that
  /// in about 4 s on a busy two-core machine (64 MiB took 11.5 s), within the 10 s the apps give their embedded API
  /// to start; json-server has no limit.
  static let maximumBytes = 16 << 20

  /// The file saved to, with symbolic links resolved: a linked `db.json` is replaced where it really lives and
  /// the link is kept.
  let url: URL
  /// How a save writes the temporary file's bytes: `write(2)`, unless a test passes a failing one (a full disk is
  /// hard to come by otherwise, and permission bits do not stop root).
  let write: Write

  init(url: URL, write: Write? = nil) {
    self.url = url.standardizedFileURL.resolvingSymlinksInPath()
    self.write = write ?? systemWrite
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

  /// Creates the file, private (`0600`, whatever the umask), holding `database`; an existing file is an error
  /// (`EEXIST`).
  func create(with database: FixtureDatabase) throws(DatabaseSaveError) {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure("open", path: url.path) }
    let changed = fchmod(descriptor, 0o600)
    close(descriptor)
    guard changed == 0 else { throw failure("fchmod", path: url.path) }
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

  /// Replaces the file's content with `bytes`, atomically and durably. A file that does not exist yet (or any more)
  /// is created `0600`.
  /// `renamed` runs right after the rename, before the directory is flushed: once the new content is what the path
  /// holds (what a process killed from then on leaves).
  /// - Returns: the saved file's signature, taken before the rename (so never another writer's), for `--watch`.
  /// - Throws: ``DatabaseSaveError`` naming the failing call, or the refusal: more than ``maximumBytes`` (`EFBIG`),
  ///   or something at the path that is not a regular file. The file is then unchanged, except when only the final
  ///   flush of the directory failed (``DatabaseSaveError/replaced``): the new content is in place but may not
  ///   survive a crash.
  @discardableResult
  func save(bytes: [UInt8], renamed: () -> Void = {}) throws(DatabaseSaveError) -> FileSignature? {
    let path = url.path
    guard bytes.count <= Self.maximumBytes else {
      throw DatabaseSaveError(
        path: path, operation: "write", code: EFBIG,
        refusal: "the data would be \(Self.size(bytes.count)); a server loads at most \(Self.size(Self.maximumBytes))")
    }
    let (descriptor, temporary, mode) = try createTemporaryFile()
    var isRenamed = false
    defer { if !isRenamed { unlink(temporary) } }
    do throws(DatabaseSaveError) {
      try writeAll(bytes, to: descriptor, path: path)
      if fchmod(descriptor, mode) != 0 { throw failure("fchmod", path: path) }
      guard fsync(descriptor) == 0 else { throw failure("fsync", path: path) }
    } catch {
      close(descriptor)
      throw error
    }
    let signature = FileSignature(descriptor: descriptor)
    guard close(descriptor) == 0 else { throw failure("close", path: path) }
    guard rename(temporary, path) == 0 else { throw failure("rename", path: path) }
    isRenamed = true
    renamed()
    do throws(DatabaseSaveError) {
      try syncDirectory(directory)
    } catch {
      var error = error
      error.replaced = true
      throw error
    }
    return signature
  }

  /// Creates a new temporary file beside the file, open for writing, with permission bits of at most `0600` and
  /// never more than the file's own.
  /// - Returns: its descriptor, its path, and the mode the saved file must end up with: the file's current mode, or
  ///   `0600` for a file that is not there.
  /// - Throws: ``DatabaseSaveError`` when the path holds something other than a regular file (it is never
  ///   replaced), or the temporary file cannot be made.
  func createTemporaryFile() throws(DatabaseSaveError) -> (descriptor: Int32, path: String, finalMode: mode_t) {
    var status = stat()
    let finalMode: mode_t
    if stat(url.path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw DatabaseSaveError(
          path: url.path, operation: "rename", code: EEXIST,
          refusal: "it is \(Self.kind(of: status.st_mode)), not a data file, and is never replaced")
      }
      finalMode = status.st_mode & 0o7777
    } else {
      finalMode = 0o600
    }
    let temporary = "\(directory)/.\(url.lastPathComponent).\(UInt64.random(in: 0...UInt64.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, finalMode & 0o600)
    guard descriptor >= 0 else { throw failure("open", path: url.path) }
    return (descriptor, temporary, finalMode)
  }

  /// Reads and parses the file (``read()``).
  /// - Throws: ``FixtureDatabaseError``: ``read()``'s refusals, or the text's problem with its line and column.
  func load() throws(FixtureDatabaseError) -> FixtureDatabase {
    try FixtureDatabase(json: read())
  }

  /// The file's bytes: only those of a regular file (symbolic links followed) of at most ``maximumBytes``. Nothing
  /// here blocks: the type is checked before the file is opened, and the file is opened without waiting
  /// (`O_NONBLOCK`, which a FIFO swapped in between would need) and checked again once open.
  /// - Throws: ``FixtureDatabaseError/unreadable(path:reason:)`` naming what is at the path (a directory, a FIFO, a
  ///   socket, a device, nothing), its size when over the limit, or the system's reason.
  func read() throws(FixtureDatabaseError) -> [UInt8] {
    let path = url.path
    var status = stat()
    guard stat(path, &status) == 0 else { throw unreadable(Self.reason(errno)) }
    try checkLoadable(status)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { throw unreadable(Self.reason(errno)) }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { throw unreadable(Self.reason(errno)) }
    try checkLoadable(status)
    // One byte past the limit tells a file that grew since fstat.
    var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), Self.maximumBytes) + 1)
    var count = 0
    while count < bytes.count {
      let result = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress! + count, buffer.count - count, off_t(count))
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw unreadable(Self.reason(errno))
      }
      if result == 0 { break }
      count += result
    }
    guard count <= Self.maximumBytes else {
      throw unreadable("it is over \(Self.size(Self.maximumBytes)), the most a server loads")
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Throws unless `status` is a regular file within ``maximumBytes``.
  private func checkLoadable(_ status: stat) throws(FixtureDatabaseError) {
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw unreadable("it is \(Self.kind(of: status.st_mode)), not a data file")
    }
    guard Int64(status.st_size) <= Int64(Self.maximumBytes) else {
      throw unreadable(
        "it is \(Self.size(Int(clamping: Int64(status.st_size)))); a server loads at most \(Self.size(Self.maximumBytes))"
      )
    }
  }

  private func unreadable(_ reason: String) -> FixtureDatabaseError {
    .unreadable(path: url.path, reason: reason)
  }

  /// `strerror`'s words for `code`.
  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// What a file of mode `mode` is, in words: `a directory`, `a FIFO (named pipe)`…
  static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFLNK: "a symbolic link"
    default: "a special file"
    }
  }

  /// `300 MiB`, `12 KiB`, `512 bytes`: a size for a message, rounded up so that a size over a limit never reads as
  /// the limit itself.
  static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20 { return "\((bytes + (1 << 20) - 1) >> 20) MiB" }
    if bytes >= 1 << 10 { return "\((bytes + (1 << 10) - 1) >> 10) KiB" }
    return "\(bytes) bytes"
  }

  /// Keeps the file's current content under a new name beside it, `NAME.corrupt-<UTC time>` (`-2`, `-3`… when
  /// taken), by a hard link, so the next save replaces only the path's entry and every byte stays. Never replaces
  /// anything: a taken name is skipped.
  /// - Returns: the new name's path.
  /// - Throws: ``DatabaseSaveError`` when no link can be made (the file is then left as it is).
  func keepAside(now: Date) throws(DatabaseSaveError) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let base = "\(url.path).corrupt-\(formatter.string(from: now))"
    for counter in 1...1000 {
      let destination = counter == 1 ? base : "\(base)-\(counter)"
      if link(url.path, destination) == 0 { return destination }
      guard errno == EEXIST else { throw failure("link", path: destination) }
    }
    throw DatabaseSaveError(path: base, operation: "link", code: EEXIST)
  }

  private func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(DatabaseSaveError) {
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { buffer in write(descriptor, buffer) }
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

/// `write(2)`, the save's default ``DatabaseFile/Write``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
  write(descriptor, bytes.baseAddress, bytes.count)
}
