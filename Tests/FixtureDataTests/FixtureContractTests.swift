import FixtureData
import Testing

/// A feature's `fixtures.contract.json` (``FixtureContract``): what it says of the data, and how a file that is not a
/// contract is refused (it is outside input).
@Suite struct FixtureContractTests {
  func data(_ text: String) throws -> FixtureDatabase { try FixtureDatabase(json: Array(text.utf8)) }
  func contract(_ text: String) throws -> FixtureContract { try FixtureContract(json: Array(text.utf8)) }

  static let notes =
    #"{"notes": {"list": {"id": "integer", "title": "string"}, "atLeast": 2, "optional": {"tag": "string"}}}"#

  @Test func aListKeepsItsFieldsKindsAndCount() throws {
    let notes = try contract(Self.notes)
    #expect(notes.collectionNames == ["notes"])
    let good = try data(#"{"notes": [{"id": 1, "title": "a"}, {"id": 2, "title": "b", "tag": "x"}]}"#)
    #expect(notes.problems(in: good) == [])
    #expect(
      notes.problems(in: try data(#"{"notes": [{"id": 1, "title": "a"}]}"#)) == ["notes has 1 objects, fewer than 2"])
    #expect(
      notes.problems(in: try data(#"{"notes": [{"id": 1, "title": "a"}, {"id": "2", "title": "b"}]}"#))
        == [#"notes.id is string("2"), expected integer"#])
    #expect(notes.problems(in: try data(#"{"notes": {"id": 1}}"#)) == ["notes is not a list of objects"])
  }

  @Test func anObjectIsCheckedToItsNestedFields() throws {
    let chef = try contract(
      #"{"chef": {"object": {"id": "integer", "stats": {"object": {"likes": "integer"}, "optional": {"avg": "double"}}}}}"#
    )
    #expect(chef.problems(in: try data(#"{"chef": {"id": 1, "stats": {"likes": 3, "avg": 1.5}}}"#)) == [])
    #expect(
      chef.problems(in: try data(#"{"chef": {"id": 1, "stats": {"likes": "3"}}}"#))
        == [#"chef.stats.likes is string("3"), expected integer"#])
    #expect(
      chef.problems(in: try data(#"{"chef": {"id": 1, "stats": {"likes": 3, "extra": 1}}}"#))
        == [#"chef.stats has an object with the fields ["extra", "likes"]"#])
    #expect(chef.problems(in: try data(#"{"chef": [{"id": 1}]}"#)) == ["chef is not an object"])
    #expect(
      chef.problems(in: try data(#"{"chef": {"id": 1, "stats": 2}}"#)) == [
        "chef.stats is integer(2), expected an object"
      ])
  }

  @Test func aCollectionMissingOrNotInTheContractIsNamed() throws {
    let notes = try contract(Self.notes)
    #expect(notes.problems(in: try data("{}")) == ["notes is not a list of objects"])
    let extra = try data(#"{"notes": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}], "tags": []}"#)
    #expect(notes.problems(in: extra) == ["tags is not in the contract (fixtures.contract.json)"])
  }

  /// Each malformed file is refused with where it goes wrong and what is allowed there, never read as a looser
  /// contract.
  @Test(
    arguments: [
      ("{", "not a fixture contract: malformed JSON at"),
      ("[]", "not a fixture contract: the top level must be an object of collections"),
      (#"{"notes": 3}"#, #"not a fixture contract: "notes" must be { "list""#),
      (#"{"notes": {}}"#, #"not a fixture contract: "notes" must have "list" (a list of objects) or "object""#),
      (
        #"{"notes": {"list": {}, "min": 2}}"#,
        #"not a fixture contract: "notes" has "min"; it may have only atLeast, list, optional"#
      ),
      (
        #"{"notes": {"object": {}, "atLeast": 2}}"#,
        #"not a fixture contract: "notes" has "atLeast"; it may have only object, optional"#
      ),
      (
        #"{"notes": {"list": {}, "atLeast": -1}}"#,
        #"not a fixture contract: "notes".atLeast must be a whole number from 0 to 100000"#
      ),
      (#"{"notes": {"list": {}, "atLeast": 1.5}}"#, #"not a fixture contract: "notes".atLeast must be a whole number"#),
      (
        #"{"notes": {"list": {}, "atLeast": 100001}}"#,
        #"not a fixture contract: "notes".atLeast must be a whole number"#
      ),
      (#"{"notes": {"list": []}}"#, #"not a fixture contract: "notes".list must be an object of fields"#),
      (
        #"{"notes": {"list": {"id": "int"}}}"#, #"not a fixture contract: "notes".list.id is not a kind: use "integer""#
      ),
      (#"{"notes": {"list": {"id": {"fields": {}}}}}"#, #"not a fixture contract: "notes".list.id has "fields""#),
      (#"{"notes": {"list": {"id": {}}}}"#, #"not a fixture contract: "notes".list.id must have "object""#),
      (#"{"no\u001b[2Jtes": 3}"#, #"not a fixture contract: "no"#),
    ])
  func aFileThatIsNotAContractIsRefusedSayingWhere(text: String, message: String) {
    #expect {
      try FixtureContract(json: Array(text.utf8))
    } throws: { error in
      let description = String(describing: error)
      return description.hasPrefix(message) && !description.contains("\u{1B}")
    }
  }

  @Test func anUnreadableFileSaysWhich() {
    #expect(throws: FixtureDatabaseError.self) {
      try FixtureContract(contentsOf: .init(fileURLWithPath: "/nonexistent/fixtures.contract.json"))
    }
  }
}
