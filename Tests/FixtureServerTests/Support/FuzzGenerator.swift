import CoreTesting

/// Random and adversarial request parts for the fuzz suite: JSON bodies (valid or not, deep, huge, with invalid
/// UTF-8 and lone surrogates), query strings (paging and sorting values, regular expressions, broken escapes) and
/// ids. Everything comes as raw bytes or request-line-safe text, ready for a raw socket.
struct FuzzGenerator {
  var random: SplitMix64

  /// Number spellings around every limit: 2^63, 2^64, beyond Double, denormals, negative zero, exponents.
  static let numbers = [
    "0", "-0", "1", "-1", "42", "1.5", "-0.0", "1e400", "-1e400", "2e-400", "18446744073709551616",
    "-18446744073709551617", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "1e308", "5e-324", "9007199254740993", "1E+2", "0.1e1", "1e21", "1e20", "9.3e18",
    "123456789012345678901234567890", "999999999999999999999", "0.000001", "1e-7", "01", "1.", ".5", "+1", "-",
  ]

  /// Pieces of JSON string content, raw bytes: text, escapes good and bad, invalid UTF-8, NUL and controls.
  static let stringPieces: [[UInt8]] = [
    Array("curry".utf8), Array("カレー".utf8), Array("🍛".utf8), Array(#"\n"#.utf8), Array(#"\u0000"#.utf8),
    Array(#"\ud83c\udf5b"#.utf8), Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8), Array(#"\ud800\u0041"#.utf8),
    Array(#"\x"#.utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\/"#.utf8), Array(#"\u00e9"#.utf8),
    [0xFF], [0xC0, 0x80], [0xE3, 0x82], [0xED, 0xA0, 0x80], [0x00], [0x1F], [0x7F], Array("e\u{301}".utf8),
  ]

  /// Regular expression fragments, including ones that do not compile and ones that backtrack for long.
  static let regexPieces = [
    "a", ".", ".*", "(a|b)", "[a-z]+", "^", "$", "\\d", "(.*a){12}", "(", ")", "[", "\\", "{2,3}", "(?i)", "カレー",
    "\\p{L}", "(x+x+)+y", "a{1000}", "(?=a)", "\\1", "|", "*", "+?", "(?<n>a)", "[^\\s]", "\\b", "(.*.*)*b",
  ]

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// A JSON string literal, valid or not; now and then a long one (up to `maximumLength` letters).
  mutating func string(maximumLength: Int = 200_000) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    if random.chance(0.03) {
      bytes += repeatElement(UInt8(ascii: "x"), count: random.int(1_000...maximumLength))
    } else {
      for _ in 0..<random.int(0...6) { bytes += random.pick(Self.stringPieces) }
    }
    bytes.append(UInt8(ascii: "\""))
    return bytes
  }

  /// A JSON value of at most `depth` levels of nesting (0: a scalar), mostly valid.
  mutating func value(depth: Int) -> [UInt8] {
    let kind = random.int(0...(depth > 0 ? 9 : 5))
    switch kind {
    case 0: return Array(random.pick(Self.numbers).utf8)
    case 1: return Array(String(random.int(-1_000_000...1_000_000)).utf8)
    case 2: return Array(random.pick(["true", "false", "null", "nul", "True"]).utf8)
    case 3, 4, 5: return string()
    case 6, 7: return object(depth: depth)
    default:
      let elements = (0..<random.int(0...4)).map { _ in value(depth: depth - 1) }
      return [UInt8(ascii: "[")] + Array(elements.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]")]
    }
  }

  /// A JSON object with a few members (keys now and then repeated or invalid).
  mutating func object(depth: Int) -> [UInt8] {
    let keys = ["title", "id", "nickname", "x", "", "タイトル", "_padding", "id"]
    let members = (0..<random.int(0...5)).map { _ -> [UInt8] in
      let key = random.chance(0.85) ? Array("\"\(random.pick(keys))\"".utf8) : string(maximumLength: 2_000)
      return key + Array(": ".utf8) + value(depth: max(0, depth - 1))
    }
    return [UInt8(ascii: "{")] + Array(members.joined(separator: Array(", ".utf8))) + [UInt8(ascii: "}")]
  }

  /// An object nested exactly `depth` levels: `{"x": [[…]]}`, the arrays empty or holding a value at the bottom.
  mutating func nested(depth: Int) -> [UInt8] {
    let inner = max(0, depth - 1)
    let bottom: [UInt8] = random.chance(0.5) ? [] : Array("1".utf8)
    return Array(#"{"x": "#.utf8) + Array(repeating: UInt8(ascii: "["), count: inner) + (inner > 0 ? bottom : [])
      + Array(repeating: UInt8(ascii: "]"), count: inner) + [UInt8(ascii: "}")]
  }

  /// A write body: mostly an object, else one nested around the 510-level limit, another JSON value, nothing,
  /// truncated JSON, bytes that are not JSON, a long string, or (rarely) one past the 10 MiB limit.
  mutating func body() -> [UInt8] {
    switch random.int(0...99) {
    case 0..<60: return object(depth: random.int(0...4))
    case 60..<66: return nested(depth: random.int(505...515))
    case 66..<72: return value(depth: 2)
    case 72..<77: return []
    case 77..<84:
      let whole = object(depth: 3)
      return Array(whole.prefix(random.int(0...max(0, whole.count - 1))))
    case 84..<95: return (0..<random.int(1...64)).map { _ in UInt8.random(in: 0...255, using: &random) }
    case 95..<99:
      return Array(#"{"title": "#.utf8) + string(maximumLength: 300_000) + Array(#", "n": "#.utf8)
        + Array(random.pick(Self.numbers).utf8) + [UInt8(ascii: "}")]
    default:
      return Array(#"{"title": ""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 10 << 20) + Array(#""}"#.utf8)
    }
  }

  /// `text` percent-encoded except for letters and digits: safe anywhere in a request line.
  static func encoded(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      {
        output.append(Character(Unicode.Scalar(byte)))
      } else {
        output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return output
  }

  /// A random regular expression, encoded for a query string.
  mutating func regex() -> String {
    Self.encoded((0..<random.int(1...5)).map { _ in random.pick(Self.regexPieces) }.joined())
  }

  /// A value for a paging, sorting or filter parameter, encoded; now and then a broken escape or raw UTF-8.
  mutating func queryValue(fields: [String]) -> String {
    switch random.int(0...9) {
    case 0, 1: return Self.encoded(random.pick(Self.numbers))
    case 2: return Self.encoded(random.pick(fields))
    case 3: return random.pick(["", "%", "%zz", "%ff", "%00", "+", "%E3%82", "a+b", "NaN", "0x10", "Infinity"])
    case 4: return random.pick(["カレー", "é", "🍛"])
    case 5: return Self.encoded(random.pick(["asc", "desc", "ASC", "up", ","]))
    default: return String(random.int(-5...40))
    }
  }

  /// A query string of up to eight parameters over `fields`.
  mutating func query(fields: [String]) -> String {
    let names = [
      "_page", "_limit", "_start", "_end", "_sort", "_order", "q", "callback", "_", "_embed", "_expand",
    ]
    return (0..<random.int(0...8)).map { _ -> String in
      switch random.int(0...9) {
      case 0, 1, 2: return "\(random.pick(names))=\(queryValue(fields: fields))"
      case 3: return "\(Self.encoded(random.pick(fields)))_like=\(regex())"
      case 4:
        return "\(Self.encoded(random.pick(fields)))\(random.pick(["", "_ne", "_gte", "_lte"]))="
          + queryValue(fields: fields)
      case 5:
        return "_sort=" + (0..<random.int(1...3)).map { _ in Self.encoded(random.pick(fields)) }.joined(separator: ",")
      case 6: return random.pick(["&", "=", "==", "a=b=c", "%=%", "_page", "q"])
      default: return "\(random.pick(names))=\(queryValue(fields: fields))"
      }
    }.joined(separator: "&")
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
