import FeatureKit
import Testing

@testable import CLI

@Suite struct JSONFilterTests {
  static let output: JSONValue = .object([
    (
      "items",
      .array([
        .object([("id", 1), ("title", "カレー"), ("price", 850), ("saved", true)]),
        .object([("id", 2), ("title", "Ramen"), ("price", 1200), ("saved", false)]),
        .object([("id", 3), ("title", "緑茶"), ("price", .double(200.5)), ("saved", .null)]),
      ])
    ),
    ("page", 1),
    ("key with space", "x"),
  ])

  func run(_ expression: String) throws -> String {
    JSONFilter.text(try JSONFilter(expression).apply(to: Self.output))
  }

  @Test func pathsIterationAndIndexes() throws {
    #expect(try run(".") == Self.output.text + "\n")
    #expect(try run(".page") == "1\n")
    #expect(try run(".items[].title") == "カレー\nRamen\n緑茶\n")
    #expect(try run(".items[0].id") == "1\n")
    #expect(try run(".items[-1].id") == "3\n")
    #expect(try run(".items[9]") == "null\n")
    #expect(try run(".missing.deeper") == "null\n")
    #expect(try run(#"."key with space""#) == "x\n")
    #expect(try run(".items[1]") == #"{"id":2,"title":"Ramen","price":1200,"saved":false}"# + "\n")
  }

  @Test func pipesSelectLengthAndKeys() throws {
    #expect(try run(".items[] | select(.price > 1000) | .title") == "Ramen\n")
    #expect(try run(".items[] | select(.price <= 850) | .id") == "1\n3\n")
    #expect(try run(#".items[] | select(.title == "緑茶") | .price"#) == "200.5\n")
    #expect(try run(".items[] | select(.saved) | .id") == "1\n")
    #expect(try run(".items[] | select(.saved != true) | .id") == "2\n3\n")
    #expect(try run(".items | length") == "3\n")
    #expect(try run(".items[0].title | length") == "3\n")
    #expect(try run(".items[0] | keys") == #"["id","price","saved","title"]"# + "\n")
  }

  @Test func stringsPrintRawAndInert() throws {
    let hostile: JSONValue = .object([("name", "\u{1B}[2Jwiped\u{202E}")])
    let text = JSONFilter.text(try JSONFilter(".name").apply(to: hostile))
    #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
    #expect(text.hasPrefix("^[[2Jwiped"))
  }

  @Test func aBadExpressionSaysWhatAndWhere() {
    for (expression, message) in [
      (".items[", "--jq: expected an index (an integer) or ']' at character 8"),
      ("items", "--jq: unknown function 'items' at character 1"),
      (".a |", "--jq: expected a path, length, keys or select(...) at character 5"),
      (".a b", "--jq: unexpected 'b' at character 4"),
      ("select(.a > )", "--jq: expected a number, a string, true, false or null at character 13"),
      (#"select(.a == "x)"#, "--jq: unterminated string at character 14"),
      (".a.", "--jq: expected a key after '.' at character 4"),
      ("", "--jq: expected a path, length, keys or select(...) at character 1"),
    ] {
      #expect(throws: UsageError.self) { try JSONFilter(expression) }
      do {
        _ = try JSONFilter(expression)
      } catch {
        #expect(error.message == message, "\(expression)")
      }
    }
    #expect(throws: UsageError.self) { try JSONFilter(String(repeating: ".a", count: 600)) }
  }

  @Test func aFilterThatDoesNotFitTheDataIsAUsageError() {
    #expect(throws: UsageError.self) { try JSONFilter(".items.title").apply(to: Self.output) }
    #expect(throws: UsageError.self) { try JSONFilter(".page[]").apply(to: Self.output) }
    #expect(throws: UsageError.self) { try JSONFilter(".items[0].saved | length").apply(to: Self.output) }
  }

  @Test func theResultsAreBounded() {
    let wide: JSONValue = .array(Array(repeating: .array(Array(repeating: 1, count: 400)), count: 400))
    #expect(throws: UsageError.self) { try JSONFilter(".[] | .[]").apply(to: wide) }
  }
}
