import FixtureData
import Foundation

@testable import FixtureServer

/// This suite's own data, of json-server's kind (`posts`, `comments`, a singular `profile`, and a few more lists):
/// `Support/db.json`, a resource of the suite. The servers the suite starts serve it wherever they would serve the
/// features' sample data (``FixtureDatabase/bundled``), so the suite needs no feature folder.
enum TestData {
  private static var url: URL {
    get throws {
      guard let url = Bundle.module.url(forResource: "db", withExtension: "json") else {
        throw FixtureDatabaseError.unreadable(path: "db.json", reason: "not among the suite's resources")
      }
      return url
    }
  }

  private static let loaded = Result { () throws -> FixtureDatabase in try FixtureDatabase(contentsOf: try url) }

  /// The data, loaded once per process.
  static var database: FixtureDatabase {
    get throws { try loaded.get() }
  }

  /// The data as json-server writes its file (two-space indentation).
  static var json: [UInt8] {
    get throws { JSONWriter(prettyPrinted: true).bytes(of: .object(try database.root)) }
  }

  /// The resource file's bytes, to check nothing writes to it.
  static var fileBytes: Data {
    get throws { try Data(contentsOf: try url) }
  }
}

/// Starts a server that serves ``TestData`` wherever `configuration` would serve the features' sample data.
func startServer(
  _ configuration: FixtureServer.Configuration = FixtureServer.Configuration()
) async throws
  -> FixtureServer
{
  var configuration = configuration
  if configuration.sample == nil { configuration.sample = try TestData.database }
  return try await FixtureServer.start(configuration)
}

/// ``FixtureServer/resetDatabaseFile(_:now:)`` to ``TestData``.
@discardableResult
func resetToTestData(_ url: URL, now: Date = Date()) throws -> String? {
  try FixtureServer.resetDatabaseFile(url, now: now, sample: try TestData.database)
}
