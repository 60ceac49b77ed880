import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How the session tools create their files — recordings (`--record`), DevTools exports and tests written from a
/// recording — which hold the API's data and the user's keystrokes.
///
/// - **Private.** A file is created, or rewritten, with mode 0600 (read and write by its owner only), whatever the
///   umask or the mode an existing file had.
/// - **Only a regular file or a new path.** A path that names a symbolic link (even to a regular file), a device
///   (`/dev/null`), a FIFO, a socket or a directory is refused with ``ActionLogError/cannotCreate(path:reason:)``:
///   it is never replaced, followed or written through. Such a path is checked before it is opened, so opening it
///   has no side effect (a FIFO's writer does not block, a device is not opened); a path swapped for one between
///   the check and the open is refused too (`O_NOFOLLOW`, then `fstat` on what was opened).
public enum SessionFile {
  /// The mode of every file created here.
  public static let mode: mode_t = 0o600

  /// Opens `path` for writing, empty, with mode 0600: a new file, or an existing regular file truncated (and made
  /// private). Returns the descriptor (close-on-exec); the caller closes it.
  /// - Throws: ``ActionLogError/cannotCreate(path:reason:)`` for anything but a regular file or a new path, or
  ///   with the system's reason (no such directory, permission denied).
  public static func open(truncating path: String) throws(ActionLogError) -> Int32 {
    guard !path.isEmpty else { throw .cannotCreate(path: path, reason: "empty path") }
    try refuseUnlessRegular(path)
    let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: openFailure(errno)) }
    do throws(ActionLogError) {
      try checkRegular(descriptor, path: path)
      // Blocking writes from here on: a regular file never blocks, and a short write is retried by the caller.
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
      guard fchmod(descriptor, mode) == 0 else {
        throw ActionLogError.cannotCreate(path: path, reason: "cannot make it private (mode 0600): \(reason(errno))")
      }
      guard ftruncate(descriptor, 0) == 0 else { throw ActionLogError.cannotCreate(path: path, reason: reason(errno)) }
    } catch {
      _ = Glibc.close(descriptor)
      throw error
    }
    return descriptor
  }

  /// Writes `data` to `path` as a whole: into a new private file beside it, then renamed over `path`, so a reader
  /// never sees half a file and a failure leaves `path` as it was.
  /// - Parameter replacing: whether an existing regular file at `path` may be replaced; when `false`, an existing
  ///   path of any kind is refused ("it exists"), checked atomically (the new file is linked, not renamed, into
  ///   place).
  /// - Throws: ``ActionLogError/cannotCreate(path:reason:)`` for anything but a regular file or a new path, an
  ///   existing file when not `replacing`, or with the system's reason.
  public static func write(_ data: Data, to path: String, replacing: Bool) throws(ActionLogError) {
    guard !path.isEmpty else { throw .cannotCreate(path: path, reason: "empty path") }
    try refuseUnlessRegular(path)
    if !replacing && exists(path) { throw .cannotCreate(path: path, reason: "it exists") }
    let url = URL(fileURLWithPath: path)
    let temporary =
      url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".kumiki-" + UUID().uuidString
    let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: reason(errno)) }
    var linked = false
    defer { if !linked { unlink(temporary) } }
    do throws(ActionLogError) {
      guard fchmod(descriptor, mode) == 0 else { throw ActionLogError.cannotCreate(path: path, reason: reason(errno)) }
      if let failure = writeAll(data, to: descriptor) { throw ActionLogError.cannotCreate(path: path, reason: failure) }
    } catch {
      _ = Glibc.close(descriptor)
      throw error
    }
    guard Glibc.close(descriptor) == 0 else { throw .cannotCreate(path: path, reason: reason(errno)) }
    if replacing {
      // The path was a regular file or nothing when checked; `rename` replaces a name, never what it points to.
      try refuseUnlessRegular(path)
      guard rename(temporary, path) == 0 else { throw .cannotCreate(path: path, reason: reason(errno)) }
    } else {
      guard link(temporary, path) == 0 else {
        throw .cannotCreate(path: path, reason: errno == EEXIST ? "it exists" : reason(errno))
      }
      unlink(temporary)
    }
    linked = true
  }

  /// Why `path` cannot be written, when it exists and is not a regular file: "it is a symbolic link", … `nil` for a
  /// regular file or a path that does not exist.
  public static func refusal(for path: String) -> String? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return refusal(mode: status.st_mode)
  }

  // MARK: Helpers

  static func refuseUnlessRegular(_ path: String) throws(ActionLogError) {
    if let refusal = refusal(for: path) { throw .cannotCreate(path: path, reason: refusal) }
  }

  static func checkRegular(_ descriptor: Int32, path: String) throws(ActionLogError) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .cannotCreate(path: path, reason: reason(errno)) }
    if let refusal = refusal(mode: status.st_mode) { throw .cannotCreate(path: path, reason: refusal) }
  }

  static func refusal(mode: mode_t) -> String? {
    let kind: String
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFLNK: kind = "a symbolic link"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFIFO: kind = "a FIFO"
    case S_IFSOCK: kind = "a socket"
    case S_IFDIR: kind = "a directory"
    default: kind = "not a regular file"
    }
    return "it is \(kind); only a regular file or a new path is written (it is left as it is)"
  }

  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  static func openFailure(_ code: Int32) -> String {
    switch code {
    case ELOOP: refusal(mode: S_IFLNK)!
    case EISDIR: refusal(mode: S_IFDIR)!
    case ENXIO: refusal(mode: S_IFIFO)!
    default: reason(code)
    }
  }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Writes all of `data`, retrying short writes and `EINTR`; the system's reason on failure.
  static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
    var offset = 0
    let bytes = [UInt8](data)
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return reason(errno)
      }
      offset += written
    }
    return nil
  }
}
