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
