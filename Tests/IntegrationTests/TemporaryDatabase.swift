import Foundation

/// A database path in a fresh temporary folder (the folder is created by `KumikiDatabase.open`).
func temporaryDatabasePath() -> String {
  FileManager.default.temporaryDirectory
    .appending(path: "kumiki-integration-\(UUID().uuidString)")
    .appending(path: "kumiki.sqlite").path
}
