/// A JSON value with a stable key order, for command output that scripts can rely on.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  /// Keys keep the order given.
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// Compact JSON text (UTF-8, keys in order, no trailing newline). Strings are escaped per RFC 8259, so control
  /// characters from data can never reach a terminal raw.
  public var text: String {
    var out: [UInt8] = []
    out.reserveCapacity(1024)
    write(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  // Written as UTF-8 bytes: appending a string's scalars one by one cost ~470 instructions each, most of a command's
  // output time (`Benchmarks/README.md`, issue 38 round 4).
  private func write(to out: inout [UInt8]) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): out.append(contentsOf: String(value).utf8)
    case .double(let value): out.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
    case .string(let value): JSONValue.writeString(value, to: &out)
    case .array(let values):
      out.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        value.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        value.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// `value` quoted: `"` and `\` escaped, LF, CR and TAB as `\n`, `\r`, `\t`, every other C0 control, DEL and C1
  /// control (U+0080–U+009F, UTF-8 `C2 80`–`C2 9F`) as `\u00xx`; everything else as its UTF-8.
  private static func writeString(_ value: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { bytes in
      // Runs of bytes that need no escape are copied whole.
      var start = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let escape: String?
        var length = 1
        switch byte {
        case UInt8(ascii: "\""): escape = #"\""#
        case UInt8(ascii: "\\"): escape = #"\\"#
        case UInt8(ascii: "\n"): escape = #"\n"#
        case UInt8(ascii: "\r"): escape = #"\r"#
        case UInt8(ascii: "\t"): escape = #"\t"#
        case 0..<0x20, 0x7F: escape = ""
        case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]): (escape, length) = ("", 2)
        default: escape = nil
        }
        guard let escape else {
          index += 1
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        if escape.isEmpty {
          writeEscape(bytes[index + length - 1], to: &out)
        } else {
          out.append(contentsOf: escape.utf8)
        }
        index += length
        start = index
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }
    out.append(UInt8(ascii: "\""))
  }

  /// `\u00xx` for a code point below U+0100, lowercase hex.
  private static func writeEscape(_ value: UInt8, to out: inout [UInt8]) {
    func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
    out.append(contentsOf: #"\u00"#.utf8)
    out.append(digit(value >> 4))
    out.append(digit(value & 0xF))
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue {
  /// `.string`, or `.null` for `nil`.
  public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
