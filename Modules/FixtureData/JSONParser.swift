/// A strict RFC 8259 JSON parser producing ``JSONValue``s.
///
/// Integers that fit in `Int` become ``JSONValue/integer(_:)``, every other number ``JSONValue/double(_:)``.
/// Nesting deeper than ``maximumDepth`` (or the smaller limit a caller passes) is rejected instead of exhausting
/// the stack.
public struct JSONParser: Sendable {
  /// The deepest nesting of arrays and objects accepted by default, and so the deepest a `db.json` may be: `[]`
  /// and `{}` are one level, `{"a": []}` two.
  public static let maximumDepth = 512

  private let bytes: [UInt8]
  private let depthLimit: Int
  private var index = 0
  private var depth = 0

  private init(bytes: [UInt8], depthLimit: Int) {
    self.bytes = bytes
    self.depthLimit = depthLimit
  }

  /// Parses one JSON text (surrounding whitespace allowed, a UTF-8 byte order mark skipped).
  /// - Parameter maximumDepth: the deepest nesting accepted, at most ``maximumDepth``; a value that will be stored
  ///   inside other containers passes less, so that what is saved can be loaded again.
  /// - Throws: ``JSONParseError`` naming the line and column of the first problem.
  public static func parse(
    _ bytes: some Collection<UInt8>, maximumDepth: Int = JSONParser.maximumDepth
  ) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: Array(bytes), depthLimit: min(maximumDepth, Self.maximumDepth))
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw parser.error("unexpected data after the JSON value") }
    return value
  }

  /// Parses a JSON text given as a string, nested at most `maximumDepth` levels.
  public static func parse(
    _ text: String, maximumDepth: Int = JSONParser.maximumDepth
  ) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8), maximumDepth: maximumDepth)
  }

  // MARK: - Grammar

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard let byte = peek() else { throw error("unexpected end of input, expected a value") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character, expected a value")
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enterNesting()
    index += 1
    var object = JSONObject()
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
      let key = try parseString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
      index += 1
      skipWhitespace()
      object[key] = try parseValue()
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(object)
      default: throw error("expected ',' or '}' after an object member")
      }
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enterNesting()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements)
      default: throw error("expected ',' or ']' after an array element")
      }
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    let utf8 = Array(word.utf8)
    guard bytes[index...].starts(with: utf8) else { throw error("invalid literal, expected '\(word)'") }
    index += utf8.count
    return value
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = index
    var isIntegral = true
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), isDigit(first) else { throw error("expected a digit") }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = peek(), isDigit(next) { throw error("leading zeros are not allowed") }
    } else {
      skipDigits()
    }
    if peek() == UInt8(ascii: ".") {
      isIntegral = false
      index += 1
      guard let next = peek(), isDigit(next) else { throw error("expected a digit after '.'") }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      isIntegral = false
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard let next = peek(), isDigit(next) else { throw error("expected a digit in the exponent") }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isIntegral, let integer = Int(text) { return .integer(integer) }
    guard let double = Double(text), double.isFinite else {
      index = start
      throw error("number out of range")
    }
    return .double(double)
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    var utf8: [UInt8] = []
    while true {
      guard let byte = peek() else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let string = String(validating: utf8, as: UTF8.self) else { throw error("invalid UTF-8 in string") }
        return string
      case UInt8(ascii: "\\"):
        index += 1
        try parseEscape(into: &utf8)
      case 0..<0x20:
        throw error("unescaped control character in string")
      default:
        utf8.append(byte)
        index += 1
      }
    }
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
    guard let byte = peek() else { throw error("unterminated escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var scalarValue = UInt32(try parseHex4())
      if (0xD800..<0xDC00).contains(scalarValue) {
        guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
          throw error("unpaired surrogate in \\u escape")
        }
        index += 2
        let low = UInt32(try parseHex4())
        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
        scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(scalarValue) else { throw error("unpaired surrogate in \\u escape") }
      utf8.append(contentsOf: String(Character(scalar)).utf8)
    default:
      index -= 1
      throw error("invalid escape character")
    }
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
    guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid hex digit in \\u escape")
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  // MARK: - Helpers

  private mutating func enterNesting() throws(JSONParseError) {
    depth += 1
    guard depth <= depthLimit else { throw error("nesting deeper than \(depthLimit) levels") }
  }

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private mutating func skipDigits() {
    while let byte = peek(), isDigit(byte) { index += 1 }
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private func error(_ reason: String) -> JSONParseError {
    let consumed = bytes[..<min(index, bytes.count)]
    let line = consumed.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let lineStart = consumed.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    return JSONParseError(reason: reason, line: line, column: index - lineStart + 1)
  }
}
