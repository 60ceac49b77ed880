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

/// Writes the bundled data (every feature's fixtures) as a `db.json` in `directory` and returns its URL.
func copyOfBundledDatabase(in directory: URL, named name: String = "db.json") throws -> URL {
  let copy = directory.appendingPathComponent(name)
  try Data(FixtureDatabase.bundledJSON).write(to: copy)
  return copy
}

/// The bundled fixture files' bytes, to check nothing writes to them.
func bundledFixtureBytes() throws -> [Data] {
  try FixtureDatabase.bundledFiles.map { try Data(contentsOf: $0.url) }
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
