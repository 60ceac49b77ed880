import Foundation

/// A folder under the system temporary directory, removed when the value is released.
public final class TemporaryFolder: Sendable {
  /// The folder's path.
  public let path: String

  /// Creates a fresh folder.
  public init() throws {
    path = NSTemporaryDirectory() + "kumiki-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
