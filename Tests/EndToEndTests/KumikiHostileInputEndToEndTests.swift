import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// The built `kumiki` against hostile settings: huge numbers, files that are not its own, credentials in URLs.
/// Each test failed before its fix (issue 23's audit). The command run is the registry's: the first that reads the
/// API with no argument (``ReadingCommand``), or every command's numeric options.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiHostileInputEndToEndTests {
  let binary = BuiltBinary.path("kumiki")

  func run(
    _ arguments: [String], folder: TemporaryFolder, environment: [String: String] = [:]
  ) async throws -> CommandResult {
    var env = ["KUMIKI_DB": folder.path + "/kumiki.sqlite"]
    env.merge(environment) { $1 }
    return try await CommandResult.launch(binary, arguments, environment: env)
  }

  /// `KUMIKI_TIMEOUT=1e16` with a command that reads the API died of SIGILL (exit 132, no message).
  @Test(arguments: [
    ("KUMIKI_TIMEOUT", "1e16"), ("KUMIKI_TIMEOUT", "1e300"), ("KUMIKI_CACHE_MAX_AGE", "1e16"),
  ])
  func hugeNumbersInTheEnvironmentAreUsageErrors(name: String, value: String) async throws {
    let folder = try TemporaryFolder()
    let command = try await ReadingCommand.first()
    let result = try await run(
      command.words, folder: folder, environment: [name: value, "KUMIKI_API_URL": "http://127.0.0.1:9"])
    #expect(!result.signalled)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("invalid \(name) '\(value)': expected"))
  }

  /// A search's `--page 461168601842738790` against an API that ignores `_page` trapped on `(page-1)*20+count`.
  /// Every command's numeric option, found from the commands' help, refuses values past its range (64) before any
  /// request, and never crashes.
  @Test func everyNumericOptionRefusesValuesPastItsRange() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let catalog = try await CommandCatalog.load(binary)
    let numeric = catalog.commands.flatMap { command in command.numericOptions.map { (command, $0) } }
    #expect(!numeric.isEmpty, "no command states a numeric range in its help")
    for (command, option) in numeric {
      for value in ["461168601842738790", String(option.range.upperBound + 1), String(option.range.lowerBound - 1)] {
        let arguments =
          ["--api", server.baseURL.absoluteString] + command.words
          + command.positionals.map { _ in "1" } + [option.name, value]
        let result = try await run(arguments, folder: folder)
        #expect(!result.signalled, "\(arguments)")
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("\(option.range.lowerBound)...\(option.range.upperBound)"), "\(result.stderr)")
      }
    }
  }

  /// `KUMIKI_CACHE=notes.txt` with a command that reads the API replaced notes.txt with an empty cache.
  @Test func aFileThatIsNotTheCacheIsKept() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let notes = folder.path + "/notes.txt"
    try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: notes))
    let result = try await run(
      ["--api", server.baseURL.absoluteString] + command.words, folder: folder, environment: ["KUMIKI_CACHE": notes])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("was moved to"))
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("notes.txt.corrupt-")
    }
    #expect(kept.count == 1)
    #expect(try String(contentsOfFile: folder.path + "/" + (kept.first ?? ""), encoding: .utf8) == "my notes\n")
  }

  /// `KUMIKI_CACHE` equal to `KUMIKI_DB` succeeded and locked every later run out of the database. It is refused,
  /// the database is left byte for byte as it was, and the next run opens it.
  @Test func aCacheNamingTheDatabaseIsRefusedAndTheDatabaseStillOpens() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let api = ["--api", server.baseURL.absoluteString]
    let first = try await run(api + command.words, folder: folder)
    #expect(first.status == 0, "\(first.stderr)")
    let database = folder.path + "/kumiki.sqlite"
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    let refused = try await run(api + command.words, folder: folder, environment: ["KUMIKI_CACHE": database])
    #expect(refused.status == 64, "\(refused.stderr)")
    #expect(refused.stderr.contains("KUMIKI_CACHE names the database file"))
    let status = try await run(["cache", "status"], folder: folder, environment: ["KUMIKI_CACHE": database])
    #expect(status.status == 64, "\(status.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    let next = try await run(api + command.words, folder: folder)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stdout == first.stdout)
  }

  /// `--api http://user:secret@host/` printed the password in error lines and stored it in every cache key.
  @Test func credentialsNeverReachMessagesOrTheCache() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let port = try #require(server.baseURL.port)
    let good = try await run(["--api", "http://chef:s3cret@127.0.0.1:\(port)/"] + command.words, folder: folder)
    #expect(good.status == 0, "\(good.stderr)")
    // No file the app wrote (database, cache, their logs) holds the password or the user name.
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name))
      #expect(bytes.range(of: Data("s3cret".utf8)) == nil, "\(name)")
      #expect(bytes.range(of: Data("chef".utf8)) == nil, "\(name)")
    }
    let refused = try await run(
      ["--api", "http://chef:s3cret@127.0.0.1:9/", "--fresh"] + command.words, folder: folder)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("127.0.0.1:9"))
    #expect(!refused.stderr.contains("s3cret"))
    let invalid = try await run(["--api", "ftp://chef:s3cret@127.0.0.1/"] + command.words, folder: folder)
    #expect(invalid.status == 64)
    #expect(!invalid.stderr.contains("s3cret"))
  }

  /// The database, the cache and the data folder were 0644/0755: they hold the API's data and the user's items.
  @Test func theDataFolderAndItsFilesArePrivate() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let result = try await CommandResult.launch(
      binary, ["--api", server.baseURL.absoluteString] + command.words, environment: ["XDG_DATA_HOME": folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    func mode(_ path: String) throws -> Int {
      try (FileManager.default.attributesOfItem(atPath: folder.path + path)[.posixPermissions] as? NSNumber)?.intValue
        ?? -1
    }
    #expect(try mode("/kumiki") == 0o700)
    #expect(try mode("/kumiki/kumiki.sqlite") == 0o600)
    #expect(try mode("/kumiki/kumiki-cache.sqlite") == 0o600)
  }
}
