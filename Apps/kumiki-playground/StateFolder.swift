import Foundation

/// The run's state folder: made empty (0700) in the temporary directory for this run, so every scenario starts as a
/// first launch, and removed afterwards. Only a folder this run created is ever removed.
struct StateFolder {
  let path: String

  init() throws(PlaygroundError) {
    let path = FileManager.default.temporaryDirectory.appending(path: "kumiki-playground-\(UUID().uuidString)").path
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .failure("cannot create a state folder \(path): \(error.localizedDescription)")
    }
    self.path = path
  }

  /// Removes the folder and what the run put in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
