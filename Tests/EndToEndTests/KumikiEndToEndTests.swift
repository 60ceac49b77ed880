import FixtureData
import FixtureServer
import Foundation
import Testing

/// The real `kumiki` binary against the fixture server over HTTP and a real database: output, JSON and exit codes.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiEndToEndTests {
  let binary = BuiltBinary.path("kumiki")

  func kumiki(
    _ arguments: [String], api: URL? = nil, folder: TemporaryFolder, environment: [String: String] = [:]
  )
    async throws -> CommandResult
  {
    var env = ["KUMIKI_DB": folder.path + "/kumiki.sqlite"]
    if let api { env["KUMIKI_API_URL"] = api.absoluteString }
    env.merge(environment) { $1 }
    return try await CommandResult.launch(binary, arguments, environment: env)
  }

  /// Every binary answers `--version` as `NAME VERSION` (`kumiki` printed `kumiki kumiki 0.1.0`; `kumiki-api` had no
  /// `--version`); `--json` carries the version alone.
  @Test func everyBinaryAnswersVersionOnce() async throws {
    for name in ["kumiki", "kumiki-tui", "kumiki-api"] {
      let result = try await CommandResult.launch(BuiltBinary.path(name), ["--version"])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(result.stdout == "\(name) 0.1.0\n")
    }
    let json = try await CommandResult.launch(binary, ["--version", "--json"])
    #expect(json.stdout == #"{"version":"0.1.0"}"# + "\n")
  }

  @Test func archiveSearchPrintsResultsOnTheEmbeddedServer() async throws {
    let folder = try TemporaryFolder()
    let result = try await kumiki(["archive", "search", "カレー", "--category", "カレー"], folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("特製ビーフカレー"))
    #expect(!result.stdout.contains("グリーンカレー"))  // エスニック料理, filtered out by the category
  }

  @Test func currySearchListsOnlyCurryAndArchiveSearchLastRepeatsTheLastSearch() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let curry = try await kumiki(["curry", "search", "--json"], api: server.baseURL, folder: folder)
    #expect(curry.status == 0, "\(curry.stderr)")
    let found = try #require(try JSONSerialization.jsonObject(with: Data(curry.stdout.utf8)) as? [String: Any])
    let items = try #require(found["items"] as? [[String: Any]])
    #expect(items.count == 6)
    #expect(items.allSatisfy { $0["category"] as? String == "カレー" })
    // The mount offers no --category: giving one is a usage error (KumikiCommandOutputEndToEndTests).
    let refused = try await kumiki(["curry", "search", "--category", "和食"], api: server.baseURL, folder: folder)
    #expect(refused.status == 64)

    #expect(
      try await kumiki(["archive", "search", "鯛", "--category", "和食"], api: server.baseURL, folder: folder).status == 0)
    let last = try await kumiki(["archive", "search", "--last", "--json"], api: server.baseURL, folder: folder)
    #expect(last.status == 0, "\(last.stderr)")
    let again = try #require(try JSONSerialization.jsonObject(with: Data(last.stdout.utf8)) as? [String: Any])
    #expect((again["items"] as? [[String: Any]])?.map { $0["dish_name"] as? String } == ["鯛めし"])
    // The curry mount's search is its own: remembered apart from archive's.
    let curryLast = try await kumiki(["curry", "search", "--last", "--json"], api: server.baseURL, folder: folder)
    #expect(curryLast.stdout.contains("\"total\":6"))
  }

  @Test func jsonOutputIsStableAndComplete() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let home = try await kumiki(["home", "--json"], api: server.baseURL, folder: folder)
    #expect(home.status == 0, "\(home.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(home.stdout.utf8)) as? [String: Any])
    let banners = try #require(object["campaign_banners"] as? [[String: Any]])
    #expect(banners.count == 6)
    #expect(banners.first?["banner_contents_id"] as? Int == 1001)
    #expect((object["recent_news"] as? [[String: Any]])?.last?["id"] as? Int == 12)

    let search = try await kumiki(["archive", "search", "カレー", "--json"], api: server.baseURL, folder: folder)
    let found = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
    #expect(found["total"] as? Int == 10)
  }

  @Test func saveUnsaveAndSavedPersistAcrossRuns() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    #expect(try await kumiki(["archive", "save", "6"], api: server.baseURL, folder: folder).status == 0)
    let saved = try await kumiki(["archive", "saved", "--json"], api: server.baseURL, folder: folder)
    #expect(saved.stdout.contains("\"id\":6"))
    #expect(try await kumiki(["archive", "unsave", "6"], api: server.baseURL, folder: folder).status == 0)
    let none = try await kumiki(["archive", "saved", "--json"], api: server.baseURL, folder: folder)
    #expect(!none.stdout.contains("\"id\":6"))
    let missing = try await kumiki(["archive", "save", "9999"], api: server.baseURL, folder: folder)
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("9999"))
  }

  @Test func failuresExitOneWithAOneLineReason() async throws {
    let folder = try TemporaryFolder()
    // Server down: nothing listens on this port.
    let down = try await kumiki(["favorites"], api: URL(string: "http://127.0.0.1:9")!, folder: folder)
    #expect(down.status == 1)
    #expect(down.stderr.split(separator: "\n").count == 1)

    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    server.setFaults([.status(500)], for: .endpoint("favorite_scenes"))
    let status = try await kumiki(["favorites"], api: server.baseURL, folder: folder)
    #expect(status.status == 1)
    #expect(status.stderr.contains("500"))

    // Timeout: the server answers after 5 s, the client gives up after 0.3 s.
    server.setFaults([.latency(milliseconds: 5_000)], for: .endpoint("favorite_scenes"))
    let slow = try await kumiki(
      ["favorites"], api: server.baseURL, folder: folder, environment: ["KUMIKI_TIMEOUT": "0.3"])
    #expect(slow.status == 1)
    #expect(slow.stderr.lowercased().contains("timed out"), "\(slow.stderr)")

    server.setFaults([.malformedJSON], for: .endpoint("favorite_scenes"))
    let malformed = try await kumiki(["favorites", "--json"], api: server.baseURL, folder: folder)
    #expect(malformed.status == 1)
    #expect(malformed.stdout.isEmpty)
  }

  @Test func usageErrorsExit64() async throws {
    let folder = try TemporaryFolder()
    let unknown = try await kumiki(["archvie", "search"], folder: folder)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("archive"))  // did you mean
    #expect(try await kumiki(["--features", "nope", "home"], folder: folder).status == 64)
    #expect(try await kumiki(["profile", "--tab", "nope"], folder: folder).status == 64)
    let help = try await kumiki(["--help"], folder: folder)
    #expect(help.status == 0)
    #expect(help.stdout.contains("archive search"))
  }

  @Test func hostileTextFromTheAPIIsPrintedInert() async throws {
    let folder = try TemporaryFolder()
    let hostile = "\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2Jカレー"
    let json = """
      {"achive_images": [{"id": 1, "photo_url": "x", "category": "カレー", "dish_name": "\(hostile.jsonEscaped)",
       "shop_name": "s", "introduction": "i"}]}
      """
    let server = try await FixtureServer.start(.init(port: 0, database: try FixtureDatabase(json: Array(json.utf8))))
    defer { Task { await server.shutdown() } }
    let result = try await kumiki(
      ["archive", "search"], api: server.baseURL, folder: folder, environment: ["NO_COLOR": "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("カレー"))
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(!result.stdout.contains("\u{07}"))
  }
}

extension String {
  var jsonEscaped: String {
    unicodeScalars.map { scalar in
      scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : String(scalar)
    }.joined()
  }
}
