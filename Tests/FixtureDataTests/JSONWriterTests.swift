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

  @Test("output round-trips through Foundation and through JSONParser")
  func roundTrip() throws {
    let database = try FixtureDatabase.bundled
    let bytes = JSONWriter().bytes(of: .object(database.root))
    #expect(try JSONParser.parse(bytes) == .object(database.root))
    #expect(try JSONSerialization.jsonObject(with: Data(bytes)) is [String: Any])
  }
}
