import CompositionRootTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `kumiki-api`'s scenario options end to end, as the playground starts it: `--replace FILE` serves a scenario's
/// own data, `--empty` empties lists, `--delay` and `--fault` make it slow and failing; what cannot be is refused
/// with the reason.
@Suite(.timeLimit(.minutes(2)))
struct KumikiAPIScenarioOptionsEndToEndTests {
  /// A `--replace` file with a list and a singular resource of the test's own (no feature's data).
  func replacements(_ folder: TemporaryFolder) throws -> String {
    let path = folder.path + "/replace.json"
    try Data(#"{"scenario_items": [{"id": 1, "title": "一"}], "scenario_profile": {"name": "組木"}}"#.utf8).write(
      to: URL(fileURLWithPath: path))
    return path
  }

  func get(_ path: String, on child: APIChild) async throws -> (status: Int, body: Any) {
    let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: child.address + path)))
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONSerialization.jsonObject(with: data))
  }

  @Test func replacedDataIsServedAndNamedListsEmptied() async throws {
    let folder = try TemporaryFolder()
    let child = try APIChild(["--replace", try replacements(folder)])
    defer { child.stop() }
    #expect((try await get("/scenario_items", on: child).body as? [Any])?.count == 1)
    #expect((try await get("/scenario_profile", on: child).body as? [String: Any])?["name"] as? String == "組木")

    let emptied = try APIChild(["--replace", try replacements(folder), "--empty", "scenario_items"])
    defer { emptied.stop() }
    #expect((try await get("/scenario_items", on: emptied).body as? [Any])?.isEmpty == true)
    #expect(try await get("/scenario_profile", on: emptied).status == 200)
  }

  @Test func everyListEmptied() async throws {
    let child = try APIChild(["--empty", "*"])
    defer { child.stop() }
    let everything = try #require(try await get("/db", on: child).body as? [String: Any])
    let lists = everything.values.compactMap { $0 as? [Any] }
    #expect(!lists.isEmpty)
    #expect(lists.allSatisfy { $0.isEmpty })
    #expect(everything.values.contains { $0 is [String: Any] }, "singular resources are kept")
  }

  @Test func slowAndFailing() async throws {
    let folder = try TemporaryFolder()
    let child = try APIChild([
      "--replace", try replacements(folder), "--delay", "300", "--fault", "scenario_items:status=503",
    ])
    defer { child.stop() }
    let clock = ContinuousClock()
    let started = clock.now
    #expect(try await get("/scenario_items", on: child).status == 503)
    #expect(try await get("/scenario_profile", on: child).status == 200)
    #expect(clock.now - started >= .milliseconds(600))
  }

  @Test(
    arguments: [
      (["--empty", "x", "--db", "db.json"], 64, "--empty and --replace change the data served"),
      (["--replace", "/nonexistent/replace.json"], 64, "--replace /nonexistent/replace.json: cannot read"),
      (["--empty", ""], 64, "--empty takes a list's name"),
      (["--port", "0", "--empty", "no_such_list"], 1, "\"no_such_list\" is not a list of the data"),
    ])
  func refusedSayWhy(arguments: [String], status: Int32, message: String) async throws {
    let result = try await CommandResult.launch(BuiltBinary.path("kumiki-api"), arguments)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
