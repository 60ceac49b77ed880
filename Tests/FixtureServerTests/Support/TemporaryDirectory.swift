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

/// Writes the suite's data (``TestData``) as a `db.json` in `directory` and returns its URL.
func copyOfTestData(in directory: URL, named name: String = "db.json") throws -> URL {
  let copy = directory.appendingPathComponent(name)
  try Data(TestData.json).write(to: copy)
  return copy
}

/// The bytes of the sample data's files (the suite's own and the features' bundled ones), to check nothing writes to
/// them.
func sampleFileBytes() throws -> [Data] {
  try [TestData.fileBytes] + FixtureDatabase.bundledFiles.map { try Data(contentsOf: $0.url) }
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
