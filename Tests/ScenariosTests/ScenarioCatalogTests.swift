import FixtureData
import Foundation
import Scenarios
import Testing

/// A feature's catalog: the standard scenarios, then the files of its `scenarios/` folder, and the checks against
/// the data the API serves.
@Suite("Scenario catalog")
struct ScenarioCatalogTests {
  /// A feature folder of the test's own, with `files` in its `scenarios/`.
  func folder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "scenarios-\(UUID().uuidString)")
    let scenarios = folder.appending(path: "scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: scenarios.appending(path: name)) }
    return folder
  }

  @Test("the six standard scenarios, in order, each with a description")
  func standard() throws {
    let names = ScenarioCatalog().scenarios.map(\.name)
    #expect(names == ["fresh", "offline", "cold-offline", "slow", "failing", "empty"])
    let offline = try ScenarioCatalog().scenario(named: "offline")
    #expect(offline.cache == .warm && offline.api.down)
    #expect(try ScenarioCatalog().scenario(named: "slow").api.latency == 2000)
    #expect(try ScenarioCatalog().scenario(named: "failing").api.statuses == [ScenarioStatus(resource: "*", code: 500)])
    #expect(try ScenarioCatalog().scenario(named: "empty").api.empty == .all)
    #expect(try ScenarioCatalog().scenario(named: "cold-offline").cache == .none)
  }

  @Test("a folder without scenarios/ has the standard ones")
  func noFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "no-scenarios-\(UUID().uuidString)")
    #expect(try ScenarioCatalog(featureFolder: folder).scenarios == Scenario.standard)
  }

  @Test("the feature's own follow the standard ones, by name, and are listed with their file")
  func own() throws {
    let folder = try folder([
      "b-second.json": #"{"description": "Second"}"#, "a-first.json": #"{"description": "First"}"#,
      ".hidden": "not read",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = try ScenarioCatalog(featureFolder: folder, shownAs: "Modules/Features/X")
    #expect(catalog.scenarios.map(\.name).suffix(2) == ["a-first", "b-second"])
    #expect(catalog.listing.contains("  a-first       First (Modules/Features/X/scenarios/a-first.json)\n"))
    #expect(catalog.listing.hasPrefix("  fresh         First launch"))
  }

  /// Issue 34: bidirectional controls in a scenario's description reached the terminal raw through
  /// `kumiki-playground list` (this listing); they are shown as escapes, as control characters are.
  @Test("the listing shows bidirectional controls in a description as escapes")
  func bidiInTheListing() throws {
    let folder = try folder(["rtl.json": #"{"description": "a \u202Eexe.txt\u2066 \u200F\u061C b"}"#])
    defer { try? FileManager.default.removeItem(at: folder) }
    let listing = try ScenarioCatalog(featureFolder: folder, shownAs: "F").listing
    #expect(
      listing.contains(#"rtl           a \u{202E}exe.txt\u{2066} \u{200F}\u{61C} b (F/scenarios/rtl.json)"#),
      "\(listing)")
    let bidi: Set<UInt32> = [
      0x61C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
    #expect(!listing.unicodeScalars.contains { bidi.contains($0.value) })
  }

  @Test("a file that is not <name>.json, or not valid, stops the catalog naming it")
  func badFiles() throws {
    for (name, text, expected) in [
      ("notes.txt", "x", "scenarios/notes.txt: a scenario is a file named <name>.json"),
      ("Bad.json", #"{"description": "d"}"#, "scenarios/Bad.json: 'Bad' is not a scenario name"),
      ("broken.json", "{", "scenarios/broken.json: malformed JSON at line 1"),
    ] {
      let folder = try folder([name: text])
      defer { try? FileManager.default.removeItem(at: folder) }
      #expect(throws: ScenarioError.self) { try ScenarioCatalog(featureFolder: folder, shownAs: "F") }
      do {
        _ = try ScenarioCatalog(featureFolder: folder, shownAs: "F")
      } catch {
        #expect(error.description.hasPrefix("F/" + expected.dropFirst(0)), "\(error)")
      }
    }
  }

  @Test("an unknown name lists the names there are")
  func unknown() {
    #expect(throws: ScenarioError.unknown("nope", available: Scenario.standard.map(\.name))) {
      try ScenarioCatalog().scenario(named: "nope")
    }
  }

  @Test("checked against the data: a resource it fails must exist, a list it empties must be a list")
  func checked() throws {
    let database = FixtureDatabase(
      root: JSONObject([("items", .array([])), ("profile", .object(JSONObject([("name", .string("x"))])))]))
    func scenario(_ api: ScenarioAPI) -> Scenario { Scenario(name: "x", summary: "x", api: api, file: "x.json") }
    try scenario(ScenarioAPI(statuses: [ScenarioStatus(resource: "profile", code: 503)])).check(against: database)
    try scenario(ScenarioAPI(empty: .named(["items"]))).check(against: database)
    // Its own data adds a list it may then empty or fail.
    try scenario(
      ScenarioAPI(statuses: [ScenarioStatus(resource: "more", code: 503)], data: JSONObject([("more", .array([]))]))
    )
    .check(against: database)
    #expect(throws: ScenarioError.self) {
      try scenario(ScenarioAPI(statuses: [ScenarioStatus(resource: "missing", code: 503)])).check(against: database)
    }
    #expect(throws: ScenarioError.self) {
      try scenario(ScenarioAPI(empty: .named(["profile"]))).check(against: database)
    }
    for standard in Scenario.standard { try standard.check(against: database) }
  }

  @Test("kumiki-api's options for a scenario: data first (what the cache is warmed from), then the faults")
  func serverArguments() {
    let api = ScenarioAPI(
      latency: 2000, statuses: [ScenarioStatus(resource: "*", code: 500)], empty: .named(["a", "b"]),
      data: JSONObject([("a", .array([]))]))
    #expect(api.dataArguments(replacementsFile: "r.json") == ["--replace", "r.json", "--empty", "a", "--empty", "b"])
    #expect(
      api.serverArguments(replacementsFile: "r.json") == [
        "--replace", "r.json", "--empty", "a", "--empty", "b", "--delay", "2000", "--fault", "*:status=500",
      ])
    #expect(ScenarioAPI(empty: .all).serverArguments(replacementsFile: "r") == ["--empty", "*"])
    #expect(ScenarioAPI().serverArguments(replacementsFile: "r").isEmpty)
  }
}
