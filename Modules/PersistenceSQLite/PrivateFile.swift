import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The files Kumiki keeps for the user — the database, the response cache and their folder — are private: they hold
/// the API's data and the user's own items. Folders Kumiki creates are 0700, its files 0600 (whatever the umask),
/// and SQLite gives the `-wal` and `-shm` files the main file's mode.
enum PrivateFile {
  /// Mode of a file Kumiki creates.
  static let fileMode: mode_t = 0o600
  /// Mode of a folder Kumiki creates.
  static let folderMode: Int = 0o700

  /// Creates the missing folders on the way to `path` (0700).
  static func createFolder(for path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: folderMode])
  }

  /// Creates `path` empty with mode 0600 when nothing is there (an empty file is an empty SQLite database), so SQLite
  /// opens a private file instead of creating one by the umask. Does nothing when something is there already.
  static func createIfMissing(_ path: String) {
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, fileMode)
    if descriptor >= 0 { close(descriptor) }
  }

  /// Takes group and other permissions away from `path` and its `-wal`/`-shm` files, for files that are regular and
  /// ours (same owner). Older versions created them by the umask; opening them makes them private.
  static func restrict(_ path: String) {
    for file in [path, path + "-wal", path + "-shm"] {
      var info = stat()
      guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
        info.st_mode & 0o077 != 0
      else { continue }
      _ = chmod(file, info.st_mode & 0o700)
    }
  }

  /// Why `path` cannot be written, when the disk says so: its file system is mounted read-only, its folder or the
  /// file itself is read-only for this user; `nil` when none of these is so (the failure was something else).
  static func readOnlyReason(_ path: String) -> String? {
    let folder = (path as NSString).deletingLastPathComponent
    var info = statvfs()
    if statvfs(folder.isEmpty ? "." : folder, &info) == 0, info.f_flag & UInt(ST_RDONLY) != 0 {
      return "it is on a read-only file system"
    }
    if access(folder.isEmpty ? "." : folder, W_OK) != 0, errno == EACCES || errno == EROFS {
      return "its folder \(folder) is read-only"
    }
    if access(path, F_OK) == 0, access(path, W_OK) != 0, errno == EACCES || errno == EROFS {
      return "the file is read-only"
    }
    return nil
  }

  /// Whether the file system holding `path` has less than `bytes` (1 MiB) left for this user (SQLite reports a full
  /// disk as an I/O error when the WAL or its index cannot grow).
  static func isNearlyFull(folderOf path: String, below bytes: UInt64 = 1 << 20) -> Bool {
    var info = statvfs()
    let folder = (path as NSString).deletingLastPathComponent
    guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return false }
    return UInt64(info.f_bavail) * UInt64(info.f_frsize) < bytes
  }
}
