import FixtureServer
import Foundation
import Testing

/// What the built `kumiki`'s commands say and print for particular features' data: truthful messages, one JSON
/// shape per entity, paging and origin in JSON, a mount's own choices. These name features because the behaviour
/// is theirs; the conventions every command keeps are in `KumikiCLIConventionsEndToEndTests`.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiCommandOutputEndToEndTests {
  func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not an object: \(text)")
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

  /// Issue 26: `profile edit --json` printed the personal object at the top level and `profile --json` under
  /// `personal`, so `jq .personal.nickname` printed null on one of them. Both print it under `personal`, the same
  /// object.
  @Test func profileAndProfileEditPrintOnePersonalShape() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let edit = try await kumiki(
      ["profile", "edit", "--nickname", "寿司部長", "--json"], api: server.baseURL, folder: folder)
    #expect(edit.status == 0, "\(edit.stderr)")
    let edited = try #require(try object(edit.stdout)["personal"] as? [String: Any])
    #expect(edited["nickname"] as? String == "寿司部長")
    let show = try await kumiki(["--fresh", "profile", "--json"], api: server.baseURL, folder: folder)
    #expect(show.status == 0, "\(show.stderr)")
    let shown = try #require(try object(show.stdout)["personal"] as? [String: Any])
    #expect(shown["nickname"] as? String == "寿司部長")
    #expect(Set(edited.keys) == Set(shown.keys))
    #expect(NSDictionary(dictionary: edited).isEqual(to: shown), "the same personal object")
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
    let home = try object(try await kumiki(["home", "--json"], api: server.baseURL, folder: folder).stdout)
    #expect(["network", "cache"].contains(home["origin"] as? String))
  }
}
