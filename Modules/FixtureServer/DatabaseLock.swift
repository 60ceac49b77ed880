import FixtureData
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one server allowed to save to a `db.json`: an exclusive advisory lock (`flock`) on a hidden file beside it,
/// `.db.json.lock`, held for the life of the server.
///
/// Two servers on one file would each save their own copy of the data over the other's, and every write one of them
/// acknowledged could vanish; so a second server on a locked file does not start. The lock is on a file of its own
/// because saves replace `db.json` by a rename (a lock on the old file would not cover the new one). The kernel drops
/// it when its holder dies, however it dies; a stopping server also removes the lock file, and a starting one checks
/// that the file it locked is still the one at the path, so removal never lets two servers in. The holder's process
/// id is written into the file, for the refusal message, and once the server listens, its address on the next line, so
/// an app that finds the file in use can join that server (`kumiki-api --join`).
final class DatabaseLock: Sendable {
  /// The lock file, `.NAME.lock` beside the database file (symbolic links resolved).
  let path: String
  private let descriptor: Mutex<Int32?>

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = Mutex(descriptor)
  }

  deinit {
    release()
  }

  /// The lock file's path for `file`.
  static func path(for file: DatabaseFile) -> String {
    "\(file.directory)/.\(file.url.lastPathComponent).lock"
  }

  /// Takes the lock of `file`, without waiting.
  /// - Throws: ``FixtureServerError/databaseInUse(path:lockFile:holder:)`` when another server (in this process or
  ///   another) holds it, ``FixtureServerError/cannotLock(path:reason:)`` when the lock file cannot be made or
  ///   locked.
  static func acquire(for file: DatabaseFile) throws(FixtureServerError) -> DatabaseLock {
    let path = path(for: file)
    while true {
      // Never through a link, and only a regular file of this user: in a shared folder another user's file there
      // could advertise their own server, or a link make the write below truncate its target.
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
      guard descriptor >= 0 else {
        throw .cannotLock(path: file.url.path, reason: "open \(path) failed: \(String(cString: strerror(errno)))")
      }
      guard isOwnRegularFile(descriptor) else {
        close(descriptor)
        throw .cannotLock(path: file.url.path, reason: "\(path) is not a regular file of this user")
      }
      // Private whatever the umask (which only takes bits away from the 0600 asked for, but may leave 0400).
      makePrivate(descriptor)
      var locked = flock(descriptor, LOCK_EX | LOCK_NB)
      while locked != 0 && errno == EINTR { locked = flock(descriptor, LOCK_EX | LOCK_NB) }
      guard locked == 0 else {
        let code = errno
        let holder = holderID(descriptor)
        close(descriptor)
        if code == EWOULDBLOCK { throw .databaseInUse(path: file.url.path, lockFile: path, holder: holder) }
        throw .cannotLock(path: file.url.path, reason: "flock \(path) failed: \(String(cString: strerror(code)))")
      }
      // A server that stopped between this open and this flock removed the file we opened: lock the new one.
      var opened = stat()
      var current = stat()
      guard fstat(descriptor, &opened) == 0, stat(path, &current) == 0, opened.st_dev == current.st_dev,
        opened.st_ino == current.st_ino
      else {
        close(descriptor)
        continue
      }
      let text = Array("\(getpid())\n".utf8)
      if ftruncate(descriptor, 0) == 0 {
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
      }
      return DatabaseLock(path: path, descriptor: descriptor)
    }
  }

  /// Writes the holder's address into the lock file after its process id (`PID\nURL\n`), so an app that finds the
  /// file in use can join this server (`kumiki-api --join`) instead of failing.
  func advertise(_ address: URL) {
    descriptor.withLock { descriptor in
      guard let open = descriptor else { return }
      let text = Array("\(getpid())\n\(address.absoluteString)\n".utf8)
      if ftruncate(open, 0) == 0 { _ = text.withUnsafeBytes { pwrite(open, $0.baseAddress, $0.count, 0) } }
    }
  }

  /// Sets the open lock file's mode to `0600` when it is anything else.
  private static func makePrivate(_ descriptor: Int32) {
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & 0o7777 != 0o600 { fchmod(descriptor, 0o600) }
  }

  /// Whether `descriptor` is a regular file owned by this process's user.
  private static func isOwnRegularFile(_ descriptor: Int32) -> Bool {
    var info = stat()
    return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_uid == geteuid()
  }

  /// Returns once no server holds `file`'s lock (blocking the calling thread: run it on a thread of its own).
  static func waitUntilFree(for file: DatabaseFile) {
    let descriptor = open(path(for: file), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return }  // no lock file: nobody holds it
    defer { close(descriptor) }
    var locked = flock(descriptor, LOCK_SH)
    while locked != 0 && errno == EINTR { locked = flock(descriptor, LOCK_SH) }
    flock(descriptor, LOCK_UN)
  }

  /// The address a live holder of `file`'s lock advertised, or `nil` (no holder: the lock could be taken; or no
  /// address written yet).
  static func advertisedAddress(for file: DatabaseFile) -> URL? {
    let descriptor = open(path(for: file), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard isOwnRegularFile(descriptor) else { return nil }
    // A shared lock taken at once means nobody holds the exclusive one: whatever the file says is stale.
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return nil
    }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    // Both lines, each with its newline: a read in the middle of `advertise` gives no address, not a wrong one.
    let text = String(decoding: buffer[..<count], as: UTF8.self)
    let lines = text.split(separator: "\n")
    guard text.hasSuffix("\n"), lines.count >= 2, let url = URL(string: String(lines[1])), url.scheme == "http",
      url.host == "127.0.0.1" || url.host == "localhost" || url.host == "::1" || url.host == "[::1]"
    else { return nil }
    return url
  }

  /// Removes the lock file and drops the lock (in that order, so a server waiting on this file finds it gone and
  /// starts over with a new one). Later calls do nothing.
  func release() {
    descriptor.withLock { descriptor in
      guard let open = descriptor else { return }
      unlink(path)
      close(open)
      descriptor = nil
    }
  }

  /// The process id written in the lock file, if it holds one.
  private static func holderID(_ descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let first = String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").first ?? ""
    return Int32(String(first).trimmingWhitespace())
  }
}
