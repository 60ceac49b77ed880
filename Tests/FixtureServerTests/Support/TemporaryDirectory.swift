import FixtureData
import FixtureServer
import Foundation

/// Runs `body` with a fresh, empty directory under the system's temporary directory, removed afterwards (also
/// when `body` throws).
@discardableResult
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("kumiki-fixture-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}

/// Copies the bundled `db.json` into `directory` and returns the copy's URL.
func copyOfBundledDatabase(in directory: URL, named name: String = "db.json") throws -> URL {
  let bundled = try bundledDatabaseURL()
  let copy = directory.appendingPathComponent(name)
  try FileManager.default.copyItem(at: bundled, to: copy)
  return copy
}

/// The bundled resource's location, or a thrown error when the bundle lacks it.
func bundledDatabaseURL() throws -> URL {
  guard let url = FixtureDatabase.bundledURL else { throw HTTPClientError.unexpectedShape }
  return url
}

/// The names in `directory`, sorted.
func fileNames(in directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// Writes `text` as a file in `directory` and returns its URL.
func writeFile(_ text: String, named name: String = "db.json", in directory: URL) throws -> URL {
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url
}
