import FixtureData
import Testing

@Suite("JSONParser: strict JSON with integers, doubles and ordered keys")
struct JSONParserTests {
  @Test("scalars keep integers apart from doubles")
  func scalars() throws {
    #expect(try JSONParser.parse("42") == .integer(42))
    #expect(try JSONParser.parse("-0") == .integer(0))
    #expect(try JSONParser.parse("4.5") == .double(4.5))
    #expect(try JSONParser.parse("1e3") == .double(1000))
    #expect(try JSONParser.parse("true") == .bool(true))
    #expect(try JSONParser.parse("null") == .null)
    #expect(try JSONParser.parse(" \"x\" ") == .string("x"))
  }

  @Test("integers beyond Int become doubles")
  func bigIntegers() throws {
    #expect(try JSONParser.parse("100000000000000000000") == .double(1e20))
  }

  @Test("objects keep their key order")
  func keyOrder() throws {
    guard case .object(let object) = try JSONParser.parse(#"{"b": 1, "a": 2, "c": {"z": [], "y": {}}}"#) else {
      Issue.record("not an object")
      return
    }
    #expect(object.keys == ["b", "a", "c"])
  }

  @Test("escapes decode, including surrogate pairs and combining marks")
  func escapes() throws {
    #expect(
      try JSONParser.parse(#""a\"b\\c\/\n\t\u00e9\ud83c\uddef\ud83c\uddf5e\u0301""#)
        == .string("a\"b\\c/\n\té🇯🇵e\u{301}"))
  }

  @Test("raw UTF-8 and a byte order mark are accepted")
  func utf8() throws {
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"["カレー🍛"]"#.utf8)) == .array([.string("カレー🍛")]))
  }

  @Test(
    "malformed input fails with a position",
    arguments: [
      ("", "unexpected end of input, expected a value"),
      ("[1,]", "unexpected character, expected a value"),
      ("{\"a\" 1}", "expected ':' after object key"),
      ("[1 2]", "expected ',' or ']' after an array element"),
      ("01", "leading zeros are not allowed"),
      ("\"abc", "unterminated string"),
      ("\"\\x\"", "invalid escape character"),
      ("\"\\ud800\"", "unpaired surrogate in \\u escape"),
      ("tru", "invalid literal, expected 'true'"),
      ("{} {}", "unexpected data after the JSON value"),
      ("1e999", "number out of range"),
    ])
  func malformed(text: String, reason: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    do throws(JSONParseError) {
      _ = try JSONParser.parse(text)
    } catch {
      #expect(error.reason == reason)
    }
  }

  @Test("errors report line and column")
  func position() {
    do throws(JSONParseError) {
      _ = try JSONParser.parse("{\n  \"a\": 1,\n  \"b\" 2\n}")
      Issue.record("parsed malformed JSON")
    } catch {
      #expect(error.line == 3)
      #expect(error.column == 7)
    }
  }

  @Test("nesting is limited instead of overflowing the stack")
  func depthLimit() {
    let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect((try? JSONParser.parse(fine)) != nil)
  }

  @Test("a caller's depth limit accepts exactly that many levels and names itself when exceeded")
  func callerDepthLimit() {
    func nested(_ depth: Int) -> String {
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }
    #expect((try? JSONParser.parse(nested(510), maximumDepth: 510)) != nil)
    #expect((try? JSONParser.parse(nested(512))) != nil)
    do throws(JSONParseError) {
      _ = try JSONParser.parse(nested(511), maximumDepth: 510)
      Issue.record("parsed 511 levels with a limit of 510")
    } catch {
      #expect(error.reason == "nesting deeper than 510 levels")
    }
    // A limit above the default is the default: no caller can make the parser recurse deeper.
    #expect(throws: JSONParseError.self) { try JSONParser.parse(nested(513), maximumDepth: 10_000) }
  }
}
