import CompositionRootTesting
import FixtureData
import FixtureServer
import Foundation
import Testing

/// Archive's commands in the built `kumiki`, against the fixture server over HTTP and a real database: what they
/// print, their JSON, the saved items, and the `curry` mount's own choices. (The conventions every command keeps are
/// checked for every feature by EndToEndTests and FeatureConformanceTests.)
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ArchiveCommandsEndToEndTests {
  func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not an object: \(text)")
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
    let found = try object(curry.stdout)
    let items = try #require(found["items"] as? [[String: Any]])
    #expect(items.count == 6)
    #expect(items.allSatisfy { $0["category"] as? String == "カレー" })
    // The mount offers no --category: giving one is a usage error (theCurryMountsHelpAndChoicesAreItsOwn).
    let refused = try await kumiki(["curry", "search", "--category", "和食"], api: server.baseURL, folder: folder)
    #expect(refused.status == 64)

    #expect(
      try await kumiki(["archive", "search", "鯛", "--category", "和食"], api: server.baseURL, folder: folder).status == 0)
    let last = try await kumiki(["archive", "search", "--last", "--json"], api: server.baseURL, folder: folder)
    #expect(last.status == 0, "\(last.stderr)")
    let again = try object(last.stdout)
    #expect((again["items"] as? [[String: Any]])?.map { $0["dish_name"] as? String } == ["鯛めし"])
    // The curry mount's search is its own: remembered apart from archive's.
    let curryLast = try await kumiki(["curry", "search", "--last", "--json"], api: server.baseURL, folder: folder)
    #expect(curryLast.stdout.contains("\"total\":6"))
  }

  @Test func searchJSONCountsEveryMatch() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let search = try await kumiki(["archive", "search", "カレー", "--json"], api: server.baseURL, folder: folder)
    #expect(search.status == 0, "\(search.stderr)")
    #expect(try object(search.stdout)["total"] as? Int == 10)
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

  /// Issue 26: `archive unsave N` printed "Item #N is not saved." after removing it. It says what it removed, and
  /// that nothing was removed when the item was not saved.
  @Test func unsaveSaysWhetherItRemovedTheItem() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let save = try await kumiki(["archive", "save", "12"], api: server.baseURL, folder: folder)
    #expect(save.status == 0, "\(save.stderr)")
    let removed = try await kumiki(["archive", "unsave", "12"], api: server.baseURL, folder: folder)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(removed.stdout == "Removed スパイスチキンカレー (#12) from the saved items.\n")
    let again = try await kumiki(["archive", "unsave", "12"], api: server.baseURL, folder: folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == "Item #12 was not saved; nothing to remove.\n")
    let json = try await kumiki(["archive", "unsave", "12", "--json"], api: server.baseURL, folder: folder)
    #expect(json.stdout == #"{"id":12,"saved":false,"removed":false}"# + "\n")
  }

  /// `curry unsave 1` removed a 和食 item that `curry saved` never lists (saved with `archive save 1`): like `curry save
  /// 1`, it is refused with the same message and exit status, and the item stays saved.
  @Test func theCurryMountUnsavesOnlyItsCategory() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    #expect(try await kumiki(["archive", "save", "1"], api: server.baseURL, folder: folder).status == 0)
    let save = try await kumiki(["curry", "save", "1"], api: server.baseURL, folder: folder)
    let unsave = try await kumiki(["curry", "unsave", "1"], api: server.baseURL, folder: folder)
    for refused in [save, unsave] {
      #expect(refused.status == 1, "\(refused.stdout)")
      #expect(refused.stderr.contains("archive item 1 is 和食, not カレー"), "\(refused.stderr)")
    }
    let saved = try object(try await kumiki(["archive", "saved", "--json"], folder: folder).stdout)
    #expect((saved["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [1])

    #expect(try await kumiki(["curry", "save", "6"], api: server.baseURL, folder: folder).status == 0)
    let own = try await kumiki(["curry", "unsave", "6"], api: server.baseURL, folder: folder)
    #expect(own.status == 0, "\(own.stderr)")
    #expect(own.stdout.hasPrefix("Removed "))
  }

  /// Issue 26: the カレー mount's help was the archive's (its examples, all six categories), and `--category 和食`
  /// failed with 1. Its help is its own, it offers no `--category`, and giving one is a usage error (64).
  @Test func theCurryMountsHelpAndChoicesAreItsOwn() async throws {
    let folder = try TemporaryFolder()
    let help = try await kumiki(["curry", "search", "--help"], folder: folder)
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("Search the カレー items by keyword"))
    #expect(help.stdout.contains("USAGE: kumiki curry search [<keyword>] [--page <page>] [--last]"))
    #expect(!help.stdout.contains("--category") && !help.stdout.contains("和食"))
    #expect(!help.stdout.contains("kumiki archive"))
    #expect(help.stdout.contains("  kumiki curry search --last\n"))
    let refused = try await kumiki(["curry", "search", "--category", "和食"], folder: folder)
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--category"))
    let root = try await kumiki(["--help"], folder: folder)
    #expect(root.stdout.contains("    curry search"))
    #expect(root.stdout.components(separatedBy: "kumiki archive search カレー").count <= 2, "once at most")
    let completion = try await kumiki(["completion", "bash"], folder: folder)
    #expect(completion.stdout.contains("'archive search|--category') words='和食 洋食 中華料理 韓国料理 エスニック料理 カレー'"))
    #expect(!completion.stdout.contains("'curry search|--category'"))
  }

  /// Issue 26: paged JSON had no `per_page` or `next_page`, and `--json` never said where the data came from.
  @Test func pagedJSONSaysPerPageNextPageAndOrigin() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let first = try object(
      try await kumiki(["archive", "search", "--json"], api: server.baseURL, folder: folder).stdout)
    #expect(first["page"] as? Int == 1)
    #expect(first["per_page"] as? Int == 20)
    #expect(first["next_page"] as? Int == 2)
    #expect(first["origin"] as? String == "network")
    #expect(first["fetched_at"] is NSNull)
    let last = try object(
      try await kumiki(["archive", "search", "--page", "2", "--json"], api: server.baseURL, folder: folder).stdout)
    #expect(last["next_page"] is NSNull)
    let cached = try object(
      try await kumiki(["archive", "search", "--json"], api: server.baseURL, folder: folder).stdout)
    #expect(cached["origin"] as? String == "cache")
    #expect((cached["fetched_at"] as? String)?.hasSuffix("Z") == true)
  }

  /// Saved items live in the database, not in the response cache: `kumiki cache clear`, a corrupt cache file moved
  /// aside, and a `KUMIKI_CACHE` naming the database (refused) all leave them as they were.
  @Test func savedItemsOutliveTheResponseCache() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let api = ["--api", server.baseURL.absoluteString]
    #expect(try await kumiki(api + ["archive", "save", "6"], folder: folder).status == 0)
    #expect(try await kumiki(api + ["archive", "search"], folder: folder).status == 0)
    let cleared = try await kumiki(["cache", "clear", "--json"], folder: folder)
    #expect(cleared.status == 0, "\(cleared.stderr)")
    #expect(try object(cleared.stdout)["removed"] as? Int ?? 0 > 0, "\(cleared.stdout)")
    let saved = try await kumiki(["archive", "saved", "--json"], folder: folder)
    #expect(saved.stdout.contains("\"id\":6"), "\(saved.stdout)")

    #expect(try await kumiki(api + ["archive", "search"], folder: folder).status == 0)
    let cachePath = folder.path + "/kumiki-cache.sqlite"
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cachePath + suffix) }
    try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }).write(to: URL(fileURLWithPath: cachePath))
    let afterCorrupt = try await kumiki(api + ["archive", "search"], folder: folder)
    #expect(afterCorrupt.status == 0, "\(afterCorrupt.stderr)")
    #expect(afterCorrupt.stderr.contains("was moved to"), "\(afterCorrupt.stderr)")
    let savedAfterCorrupt = try await kumiki(api + ["archive", "saved", "--json"], folder: folder)
    #expect(savedAfterCorrupt.stdout.contains("\"id\":6"), "\(savedAfterCorrupt.stdout)")

    let refused = try await kumiki(
      api + ["archive", "search"], folder: folder, environment: ["KUMIKI_CACHE": folder.path + "/kumiki.sqlite"])
    #expect(refused.status == 64, "\(refused.stderr)")
    let still = try await kumiki(api + ["archive", "saved", "--json"], folder: folder)
    #expect(still.status == 0, "\(still.stderr)")
    #expect(still.stdout.contains("\"id\":6"), "\(still.stdout)")
  }
}
