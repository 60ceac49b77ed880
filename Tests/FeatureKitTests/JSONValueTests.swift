import FeatureKit
import Testing

/// A command's `--json` is `JSONValue.text`: compact, keys in order, strings escaped so that no control character
/// from data reaches a terminal raw.
@Suite struct JSONValueTests {
  /// The text as it was written scalar by scalar before it was written as UTF-8 bytes (issue 38): the output must
  /// not change by a byte.
  static func scalarByScalar(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  @Test func valuesAreCompactWithKeysInOrder() {
    let value: JSONValue = .object([
      ("z", .int(-3)), ("a", .array([.null, .bool(true), .bool(false), .double(1.5), .double(.infinity)])),
      ("m", .object([])), ("e", .array([])), ("s", "カレー"),
    ])
    #expect(value.text == #"{"z":-3,"a":[null,true,false,1.5,null],"m":{},"e":[],"s":"カレー"}"#)
  }

  @Test func controlsQuotesAndBackslashesAreEscaped() {
    let value: JSONValue = .string("a\"b\\c\nd\re\tf\u{0}g\u{1B}[2J\u{7F}\u{85}\u{9F}\u{A0}é🍛")
    #expect(value.text == #""a\"b\\c\nd\re\tf\u0000g\u001b[2J\u007f\u0085\u009f"# + "\u{A0}é🍛\"")
  }

  @Test func everyScalarIsWrittenAsBeforeAlone() {
    let scalars = (0...0x800).compactMap(Unicode.Scalar.init) + ["\u{202E}", "\u{FEFF}", "\u{FFFD}", "\u{1F35B}"]
    for scalar in scalars {
      let text = String(scalar)
      #expect(JSONValue.string(text).text == Self.scalarByScalar(text), "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test func everyPairOfScalarsIsWrittenAsBefore() {
    // C1 controls are two bytes, C2 80–C2 9F, beside other scalars that start with C2 (U+00A0–U+00BF).
    let pool: [Unicode.Scalar] = [
      "a", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "\u{BF}",
      "\u{C0}", "é", "あ", "\u{202E}", "🍛", "\u{0300}",
    ]
    for first in pool {
      for second in pool {
        var text = ""
        text.unicodeScalars.append(contentsOf: [first, second, first])
        #expect(JSONValue.string(text).text == Self.scalarByScalar(text), "\([first.value, second.value])")
      }
    }
  }
}
