/// Serialises ``JSONValue``s to UTF-8, either compact or indented like `JSON.stringify(value, null, 2)` (which is
/// what json-server sends).
///
/// Non-ASCII text is written as raw UTF-8; quotes, backslashes and control characters are escaped. Doubles with an
/// integral value are written with `.0` (`4.0`), so output parses back to the same ``JSONValue``.
public struct JSONWriter: Sendable {
  /// Whether to break lines and indent nested values by two spaces.
  public var prettyPrinted: Bool

  /// Creates a writer.
  public init(prettyPrinted: Bool = true) {
    self.prettyPrinted = prettyPrinted
  }

  /// The UTF-8 bytes of `value`.
  public func bytes(of value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(value, indent: 0, into: &output)
    return output
  }

  /// `value` as a string.
  public func string(of value: JSONValue) -> String {
    String(decoding: bytes(of: value), as: UTF8.self)
  }

  private func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .integer(let number): output.append(contentsOf: String(number).utf8)
    case .double(let number):
      // Integral doubles keep a ".0" so that `4.0` in a db.json is served as written and parses back as a double.
      let text = JSONValue.javaScriptText(of: number)
      output.append(contentsOf: text.utf8)
      if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { output.append(contentsOf: ".0".utf8) }
    case .string(let text): Self.writeString(text, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent: indent + 1, into: &output)
        write(element, indent: indent + 1, into: &output)
      }
      newline(indent: indent, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      guard !object.members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
      output.append(UInt8(ascii: "{"))
      for (offset, member) in object.members.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent: indent + 1, into: &output)
        Self.writeString(member.key, into: &output)
        output.append(UInt8(ascii: ":"))
        if prettyPrinted { output.append(UInt8(ascii: " ")) }
        write(member.value, indent: indent + 1, into: &output)
      }
      newline(indent: indent, into: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  private func newline(indent: Int, into output: inout [UInt8]) {
    guard prettyPrinted else { return }
    output.append(0x0A)
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case 0x08: output.append(contentsOf: "\\b".utf8)
      case 0x0C: output.append(contentsOf: "\\f".utf8)
      case 0x0A: output.append(contentsOf: "\\n".utf8)
      case 0x0D: output.append(contentsOf: "\\r".utf8)
      case 0x09: output.append(contentsOf: "\\t".utf8)
      case 0..<0x20:
        output.append(contentsOf: "\\u00".utf8)
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
