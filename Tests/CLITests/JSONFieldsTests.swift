import FeatureKit
import Testing

@testable import CLI

@Suite struct JSONFieldsTests {
  static let output: JSONValue = .object([
    (
      "items",
      .array([
        .object([("id", 1), ("title", "カレー"), ("price", 850)]),
        .object([("id", 2), ("title", "Ramen"), ("price", 1200)]),
      ])
    ),
    ("page", 1),
    ("next_page", .null),
    ("origin", "network"),
  ])

  @Test func keepsTheNamedKeysInTheOutputsOrder() throws {
    let kept = try JSONFields.select(["origin", "page"], from: Self.output, command: "x")
    #expect(kept.text == #"{"page":1,"origin":"network"}"#)
  }

  @Test func aPathThroughAnArraySelectsEachElement() throws {
    let kept = try JSONFields.select(["items.title", "items.id", "next_page"], from: Self.output, command: "x")
    #expect(kept.text == #"{"items":[{"id":1,"title":"カレー"},{"id":2,"title":"Ramen"}],"next_page":null}"#)
    let array: JSONValue = .array([.object([("id", 1), ("name", "a")]), .object([("id", 2), ("name", "b")])])
    #expect(try JSONFields.select(["name"], from: array, command: "x").text == #"[{"name":"a"},{"name":"b"}]"#)
  }

  @Test func noFieldsKeepsTheWholeObject() throws {
    #expect(try JSONFields.select([], from: Self.output, command: "x") == Self.output)
  }

  @Test func anUnknownFieldListsTheFieldsThereAre() {
    #expect {
      try JSONFields.select(["id"], from: Self.output, command: "catalogue list")
    } throws: { error in
      let error = error as! UsageError
      return error.message == "unknown JSON field 'id' for 'catalogue list'"
        && error.details.prefix(2) == [
          "Available fields:",
          "  items, items.id, items.title, items.price, page, next_page, origin",
        ]
    }
    #expect(throws: UsageError.self) { try JSONFields.select(["page.x"], from: Self.output, command: "x") }
  }

  @Test func aFieldListIsKeysAndPathsJoinedByCommas() throws {
    #expect(JSONFields.isFieldList("id,title"))
    #expect(JSONFields.isFieldList("items.id"))
    #expect(JSONFields.isFieldList("_x1"))
    #expect(!JSONFields.isFieldList("4"))
    #expect(!JSONFields.isFieldList("-3"))
    #expect(!JSONFields.isFieldList("a,,b"))
    #expect(!JSONFields.isFieldList("a b"))
    #expect(!JSONFields.isFieldList("カレー"))
    #expect(try JSONFields.parse("id,title,id") == ["id", "title"])
    #expect(throws: UsageError.self) { try JSONFields.parse("") }
    #expect(throws: UsageError.self) { try JSONFields.parse(Array(repeating: "a", count: 65).joined(separator: ",")) }
  }
}
