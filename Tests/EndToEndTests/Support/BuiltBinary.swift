import Foundation

/// The apps under test, built with this suite (its target depends on them) and found next to the test binary.
enum BuiltBinary {
  static func path(_ name: String) -> String {
    let testBinary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    var folder = testBinary.deletingLastPathComponent()
    while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
    return folder.appendingPathComponent(name).path
  }
}

/// A folder under the system temporary directory, removed when released.
final class TemporaryFolder: Sendable {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "kumiki-e2e-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
