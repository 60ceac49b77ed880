import FixtureData
import Testing

@testable import FixtureServer

@Suite("WriteBody: a write's body must be one JSON object")
struct WriteBodyTests {
  @Test("an object is read with its keys in order")
  func object() throws {
    let object = try WriteBody.object(from: Array(#"{"b": 1, "a": {"n": [true]}}"#.utf8))
    #expect(object.keys == ["b", "a"])
    #expect(object["a"] == .object(JSONObject([("n", .array([.bool(true)]))])))
  }

  @Test("an empty body is {}, as json-server's body parser has it")
  func empty() throws {
    #expect(try WriteBody.object(from: [UInt8]()) == JSONObject())
  }

  @Test("malformed JSON names where it broke")
  func malformed() {
    #expect(
      throws: WriteBodyError.malformedJSON(
        JSONParseError(reason: "expected a string key in object", line: 2, column: 3))
    ) {
      try WriteBody.object(from: Array("{\n  ,".utf8))
    }
    #expect(throws: WriteBodyError.self) { try WriteBody.object(from: Array("   ".utf8)) }
    #expect(
      WriteBodyError.malformedJSON(JSONParseError(reason: "r", line: 1, column: 2)).description
        == "malformed JSON body at line 1, column 2: r")
  }

  @Test(
    "JSON that is not an object is refused, naming what it is",
    arguments: [
      ("[1, 2]", "an array"), ("42", "a number"), ("4.5", "a number"), (#""text""#, "a string"), ("null", "null"),
      ("true", "a boolean"),
    ])
  func notAnObject(text: String, kind: String) {
    #expect(throws: WriteBodyError.notAnObject(kind: kind)) { try WriteBody.object(from: Array(text.utf8)) }
    #expect(WriteBodyError.notAnObject(kind: kind).description == "the body must be a JSON object, not \(kind)")
  }
}
