/// One `name=value` pair of a request's query string, percent-decoded, in the order the client sent it.
public struct QueryParameter: Sendable, Hashable {
  /// The decoded name, e.g. `category` or `_page`.
  public var name: String
  /// The decoded value; empty for a bare `name`.
  public var value: String

  /// Creates a parameter.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  /// Splits a raw query string (without the leading `?`) the way Express's parser does: pairs separated by `&`,
  /// `+` meaning space, `%XX` decoded as UTF-8 (an invalid escape is kept as written), pairs with an empty name
  /// dropped.
  public static func parse(query: String) -> [QueryParameter] {
    query.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = decode(parts[0])
      guard !name.isEmpty else { return nil }
      return QueryParameter(name, parts.count > 1 ? decode(parts[1]) : "")
    }
  }

  /// Percent-decodes one component, treating `+` as a space.
  static func decode(_ component: Substring) -> String {
    let bytes = Array(component.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "+") {
        output.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        output.append(high << 4 | low)
        index += 2
      } else {
        output.append(byte)
      }
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
