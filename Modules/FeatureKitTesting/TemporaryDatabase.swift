import Foundation

/// Where a test's own SQLite database goes: a path in a fresh temporary folder (`KumikiDatabase.open` creates the
/// folder), so integration suites never share a file.
public enum TemporaryDatabase {
  /// A new database path, `…/kumiki-test-<UUID>/kumiki.sqlite`.
  public static func path() -> String {
    FileManager.default.temporaryDirectory
      .appending(path: "kumiki-test-\(UUID().uuidString)")
      .appending(path: "kumiki.sqlite").path
  }
}
