import FixtureData
import Foundation
import Testing

@Suite("JSONWriter: compact and JSON.stringify-style output")
struct JSONWriterTests {
  @Test("pretty output indents by two spaces like JSON.stringify(value, null, 2)")
  func pretty() throws {
    let value = try json(#"{"id": 1, "tags": ["a"], "empty": [], "obj": {}, "rating": 4.5, "n": null}"#)
    #expect(
      JSONWriter().string(of: value) == """
        {
          "id": 1,
          "tags": [
            "a"
          ],
          "empty": [],
          "obj": {},
          "rating": 4.5,
          "n": null
        }
        """)
  }

  @Test("compact output has no whitespace")
  func compact() throws {
    #expect(JSONWriter(prettyPrinted: false).string(of: try json(#"{"a": [1, true]}"#)) == #"{"a":[1,true]}"#)
  }

  @Test("strings escape quotes, backslashes and control characters, and keep UTF-8")
  func escaping() {
    let text = JSONWriter(prettyPrinted: false).string(of: .string("\"\\\n\u{1}カレー🇯🇵"))
    #expect(text == #""\"\\\n\u0001カレー🇯🇵""#)
  }

  @Test("integral doubles keep a .0 so they read back as doubles")
  func doubles() throws {
    #expect(JSONWriter().string(of: .double(2)) == "2.0")
    #expect(JSONWriter().string(of: .double(0.25)) == "0.25")
    #expect(try JSONParser.parse(JSONWriter().string(of: .double(4))) == .double(4))
  }

  @Test(
    "integral doubles beyond Int64 are written in JavaScript's plain digits (they crashed the writer) and read back",
    arguments: [
      (18_446_744_073_709_551_616.0, "18446744073709552000"), (-18_446_744_073_709_551_616.0, "-18446744073709552000"),
      (9.3e18, "9300000000000000000"), (1e20, "100000000000000000000"), (999e18, "999000000000000000000"),
      (-9_223_372_036_854_775_808.0, "-9223372036854775808"), (1e21, "1e+21"),
    ])
  func doublesBeyondInt64(value: Double, text: String) throws {
    #expect(JSONValue.double(value).javaScriptText == text)
    let written = JSONWriter().string(of: .double(value))
    #expect(try JSONParser.parse(written) == .double(value))
    #expect(
      try JSONSerialization.jsonObject(with: Data(written.utf8), options: [.fragmentsAllowed]) as? Double == value)
  }

  @Test("output round-trips through Foundation and through JSONParser")
  func roundTrip() throws {
    // A db.json of every kind of value: lists and a singular resource, nesting, text with combining marks, flags
    // and escapes, integers, doubles, booleans and null.
    let database = try FixtureDatabase(
      json: Array(
        #"""
        {"posts": [{"id": 1, "title": "カレー🍛", "tags": ["辛口", "e\u0301"], "rating": 4.5, "draft": false},
                   {"id": 2, "title": "🇯🇵 \"quoted\"\n\t", "views": 9007199254740993, "author": null}],
         "comments": [{"id": 1, "postId": 1, "body": "\u0000 \\ /"}],
         "profile": {"name": "組木", "links": {"site": "https://example.com/a?b=c&d"}, "age": -1e-7}}
        """#.utf8))
    let bytes = JSONWriter().bytes(of: .object(database.root))
    #expect(try JSONParser.parse(bytes) == .object(database.root))
    #expect(try JSONSerialization.jsonObject(with: Data(bytes)) is [String: Any])
  }
}
