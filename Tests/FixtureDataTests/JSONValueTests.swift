import FixtureData
import Testing

@Suite("JSONValue: paths and JavaScript text")
struct JSONValueTests {
  @Test("value(atPath:) follows dots through objects and array indices")
  func paths() throws {
    let value = try json(#"{"a": {"b": [10, {"c": "x"}]}, "d.e": 5}"#)
    #expect(value.value(atPath: "a.b.0") == .integer(10))
    #expect(value.value(atPath: "a.b.1.c") == .string("x"))
    #expect(value.value(atPath: "a.b.2") == nil)
    #expect(value.value(atPath: "a.x") == nil)
    #expect(value.value(atPath: "d.e") == .integer(5))
  }

  @Test("javaScriptText matches String(value) in JavaScript")
  func javaScriptText() throws {
    #expect(JSONValue.integer(10).javaScriptText == "10")
    #expect(JSONValue.double(4.5).javaScriptText == "4.5")
    #expect(JSONValue.double(3).javaScriptText == "3")
    #expect(JSONValue.bool(false).javaScriptText == "false")
    #expect(try json(#"[1, "a", null]"#).javaScriptText == "1,a,")
    #expect(try json(#"{"a": 1}"#).javaScriptText == "[object Object]")
  }

  @Test("JSONObject keeps insertion order; setting nil removes, a repeated key keeps its place")
  func objectEditing() {
    var object = JSONObject([("b", .integer(1)), ("a", .integer(2)), ("b", .integer(3))])
    #expect(object.keys == ["b", "a"])
    #expect(object["b"] == .integer(3))
    object["b"] = nil
    object["c"] = .null
    #expect(object.keys == ["a", "c"])
  }
}
