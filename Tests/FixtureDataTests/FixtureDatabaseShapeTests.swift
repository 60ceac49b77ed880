import FixtureData
import Testing

/// The shape checks a feature's suite runs over its own fixtures.json (`FixtureDatabase+Shape.swift`).
@Suite struct FixtureDatabaseShapeTests {
  func database(_ text: String) throws -> FixtureDatabase {
    guard case .object(let root) = try JSONParser.parse(text) else { throw ShapeTestError() }
    return FixtureDatabase(root: root)
  }

  @Test func aListOfObjectsIsReadAndAnythingElseIsNot() throws {
    let data = try database(#"{"notes":[{"id":1}],"mixed":[{"id":1},2],"profile":{"id":1}}"#)
    #expect(data.objects(in: "notes")?.map { $0["id"] } == [.integer(1)])
    #expect(data.objects(in: "mixed") == nil)
    #expect(data.objects(in: "profile") == nil)
    #expect(data.objects(in: "missing") == nil)
  }

  @Test func eachObjectHasExactlyItsFieldsWithTheirKinds() throws {
    let fields: [String: FixtureDatabase.FieldKind] = ["id": .integer, "title": .string]
    let good = try database(#"{"notes":[{"id":1,"title":"a"},{"id":2,"title":"b","tag":"x"}]}"#)
    #expect(good.shapeProblems(of: "notes", fields: fields, optional: ["tag": .string]) == [])
    #expect(good.shapeProblems(of: "notes", fields: fields).count == 1)  // `tag` is not in the contract
    let wrongKind = try database(#"{"notes":[{"id":"1","title":"a"}]}"#)
    #expect(wrongKind.shapeProblems(of: "notes", fields: fields).count == 1)
    let missing = try database(#"{"notes":[{"id":1}]}"#)
    #expect(missing.shapeProblems(of: "notes", fields: fields).count == 2)  // its fields, and title's kind
    let wrongOptional = try database(#"{"notes":[{"id":1,"title":"a","tag":3}]}"#)
    #expect(wrongOptional.shapeProblems(of: "notes", fields: fields, optional: ["tag": .string]).count == 1)
    #expect(good.shapeProblems(of: "missing", fields: fields) == ["missing is not a list of objects"])
  }

  @Test func aListWithFewerObjectsThanItsMinimumSaysSo() throws {
    let fields: [String: FixtureDatabase.FieldKind] = ["id": .integer]
    let two = try database(#"{"notes":[{"id":1},{"id":2}]}"#)
    #expect(two.shapeProblems(of: "notes", atLeast: 2, fields: fields) == [])
    #expect(two.shapeProblems(of: "notes", atLeast: 3, fields: fields) == ["notes has 2 objects, fewer than 3"])
  }

  /// A name from the contract or the data reaches a test's output only escaped, nested ones too: a control character
  /// in `shop`'s key would otherwise reach the terminal raw.
  @Test func namesAreShownEscapedAtEveryDepth() throws {
    let key = "na\u{1B}[31mme"
    let fields: [String: FixtureDatabase.FieldKind] = [
      "shop": .object(fields: [key: .object(fields: ["id": .integer], optional: [:])], optional: [:])
    ]
    let data = try database(#"{"notes":[{"shop":{"na\u001b[31mme":{"id":"1"}}}]}"#)
    let problems = data.shapeProblems(of: "notes", fields: fields)
    #expect(problems.count == 1)
    #expect(problems.allSatisfy { !$0.unicodeScalars.contains("\u{1B}") }, "\(problems)")
  }
}

private struct ShapeTestError: Error {}
