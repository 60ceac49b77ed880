import Foundation

/// The permission bits of the file or folder at `path` (`0o600`…).
func permissions(_ path: String) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// A tmpfs of `kilobytes` mounted on a fresh folder, for disk-full tests; `nil` when this process may not mount
/// (not root, or no mount privilege in this container). Unmount with ``unmountSmallDisk(_:)``.
func mountSmallDisk(kilobytes: Int) -> String? {
  let folder = NSTemporaryDirectory() + "kumiki-small-disk-\(UUID().uuidString)"
  guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
    run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder]) == 0
  else { return nil }
  return folder
}

func unmountSmallDisk(_ folder: String) {
  _ = run("/bin/umount", [folder])
  try? FileManager.default.removeItem(atPath: folder)
}

/// A folder this process cannot write, made the way a user meets one: as root, whom permissions do not stop, a small
/// tmpfs remounted read-only (a read-only file system: EROFS); otherwise a folder of mode 0555. `prepare` fills it
/// first, while it is writable. `nil` when root may not mount here. Call `remove` when done.
func readOnlyFolder(
  prepare: (String) async throws -> Void
) async throws -> (path: String, remove: @Sendable () -> Void)? {
  if isRoot {
    guard let disk = mountSmallDisk(kilobytes: 1024) else { return nil }
    do {
      try await prepare(disk)
    } catch {
      unmountSmallDisk(disk)
      throw error
    }
    guard run("/bin/mount", ["-o", "remount,ro", disk]) == 0 else {
      unmountSmallDisk(disk)
      return nil
    }
    return (disk, { unmountSmallDisk(disk) })
  }
  let folder = NSTemporaryDirectory() + "kumiki-read-only-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  let remove: @Sendable () -> Void = {
    _ = chmod(folder, 0o755)
    try? FileManager.default.removeItem(atPath: folder)
  }
  do {
    try await prepare(folder)
  } catch {
    remove()
    throw error
  }
  _ = chmod(folder, 0o555)
  return (folder, remove)
}

/// Fills the file system holding `folder` with a file of its own (`filler`), until it is full.
func fillDisk(_ folder: String) {
  let descriptor = open(folder + "/filler", O_CREAT | O_WRONLY, 0o600)
  guard descriptor >= 0 else { return }
  defer { close(descriptor) }
  let block = [UInt8](repeating: 0x5a, count: 4096)
  while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
}

private func run(_ executable: String, _ arguments: [String]) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardError = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return -1 }
  process.waitUntilExit()
  return process.terminationStatus
}

/// Whether this process runs as root (and so may mount a small disk).
var isRoot: Bool { geteuid() == 0 }
