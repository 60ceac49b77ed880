import Foundation

/// Moves an unreadable database file (and its `-wal`/`-shm` companions) aside, keeping every byte.
enum CorruptFileMover {
  /// Renames `path` to `path.corrupt-<UTC timestamp>` (adding `-2`, `-3`… if taken) and its `-wal`/`-shm` files to
  /// the same name plus their suffix, so the moved files still form one database. Returns the new path.
  /// - Throws: the file system's error if the main file cannot be renamed (nothing is deleted either way).
  static func moveAside(_ path: String, now: Date = Date()) throws -> String {
    let fileManager = FileManager.default
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let base = "\(path).corrupt-\(formatter.string(from: now))"
    var destination = base
    var counter = 1
    while ["", "-wal", "-shm"].contains(where: { fileManager.fileExists(atPath: destination + $0) }) {
      counter += 1
      destination = "\(base)-\(counter)"
    }
    try fileManager.moveItem(atPath: path, toPath: destination)
    for suffix in ["-wal", "-shm"] where fileManager.fileExists(atPath: path + suffix) {
      try fileManager.moveItem(atPath: path + suffix, toPath: destination + suffix)
    }
    return destination
  }
}
