import FixtureData
import Foundation
import Testing

/// Each feature folder's fixtures.json keeps the contract beside it (`FeatureFixturesTests`); the rules here hold for
/// whatever the features bring, none included.
@Suite("FixtureDatabase: loading, and the rules every feature's sample data keeps")
struct FixtureDatabaseTests {
  let database: FixtureDatabase

  init() throws {
    database = try FixtureDatabase.bundled
  }

  private func list(_ name: String) throws -> [JSONObject] {
    guard case .array(let elements)? = database[name] else { throw UnexpectedShape() }
    return try elements.map { element in
      guard case .object(let object) = element else { throw UnexpectedShape() }
      return object
    }
  }

  @Test("ids are unique within every list of the bundled data")
  func uniqueIDs() throws {
    for name in database.listNames {
      let ids = try list(name).compactMap { $0["id"] }
      #expect(Set(ids).count == ids.count, "\(name)")
    }
  }

  @Test("dates in the bundled data use the contract's format")
  func dates() throws {
    let pattern = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$"#)
    for name in database.listNames {
      for element in try list(name) {
        for key in ["published_at", "announcement_at"] {
          if case .string(let date)? = element[key] { #expect(date.wholeMatch(of: pattern) != nil, "\(date)") }
        }
      }
    }
  }

  @Test("loading rejects malformed JSON, a non-object top level and missing files with clear errors")
  func loadingErrors() {
    #expect(throws: FixtureDatabaseError.notAnObject) { try FixtureDatabase(json: Array("[1]".utf8)) }
    #expect {
      try FixtureDatabase(json: Array("{\"a\": [1,".utf8))
    } throws: { error in
      guard case .malformedJSON(let parseError) = error as? FixtureDatabaseError else { return false }
      return parseError.line == 1
    }
    let missing = URL(fileURLWithPath: "/nonexistent/kumiki/db.json")
    #expect {
      try FixtureDatabase(contentsOf: missing)
    } throws: { error in
      if case .unreadable(let path, _) = error as? FixtureDatabaseError { path == missing.path } else { false }
    }
  }

  @Test("any json-server db.json loads: resources keep file order")
  func customDatabase() throws {
    let custom = try FixtureDatabase(json: Array(#"{"posts": [{"id": 1}], "profile": {"name": "x"}}"#.utf8))
    #expect(custom.resourceNames == ["posts", "profile"])
    #expect(custom["profile"]?["name"] == .string("x"))
  }
}
