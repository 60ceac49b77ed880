/// A JSON document as the fixture server stores, queries and serves it.
///
/// Unlike `JSONSerialization`, this keeps integers apart from doubles and keeps the key order of objects, so a
/// `db.json` is served back with the fields in the order its author wrote them (as json-server does).
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number written without fraction or exponent that fits in `Int`.
  case integer(Int)
  /// Any other number. Always finite.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, with its keys in document order.
  case object(JSONObject)

  /// The member named `key` when this is an object, otherwise `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The value at a json-server style path (`histories.article_post_count`, `tags.0`), or `nil` when any step
  /// is missing.
  ///
  /// As lodash's `_.get` does, a key that literally contains the dots wins over the dotted path.
  public func value(atPath path: String) -> JSONValue? {
    if case .object(let object) = self, let literal = object[path] { return literal }
    var current = self
    for component in path.split(separator: ".", omittingEmptySubsequences: false) {
      switch current {
      case .object(let object):
        guard let next = object[String(component)] else { return nil }
        current = next
      case .array(let elements):
        guard let index = Int(component), elements.indices.contains(index) else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// The value as JavaScript's `String(value)` would print it, which is what json-server compares query values
  /// against: numbers as `1` or `4.5`, arrays joined by commas, objects as `[object Object]`.
  public var javaScriptText: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .double(let value): return Self.javaScriptText(of: value)
    case .string(let value): return value
    case .array(let elements):
      return elements.map { element in element == .null ? "" : element.javaScriptText }.joined(separator: ",")
    case .object: return "[object Object]"
    }
  }

  /// Prints a double the way JavaScript does for the common cases: integral values below 10²¹ in plain digits
  /// without a fraction (`2 ** 64` is `18446744073709552000`), everything else as Swift's shortest round-trip text.
  static func javaScriptText(of value: Double) -> String {
    guard value.rounded() == value, abs(value) < 1e21 else { return String(value) }
    if let integer = Int64(exactly: value) { return String(integer) }
    return plainDigits(of: value)
  }

  /// An integral `value` of magnitude 2⁶³…10²¹ in positional notation: the digits of its shortest round-trip text
  /// padded with zeros, as JavaScript's `Number.prototype.toString` writes it.
  private static func plainDigits(of value: Double) -> String {
    // `description` is `d.ddd…e+XX` for these magnitudes.
    let text = value.magnitude.description
    let parts = text.split(separator: "e", maxSplits: 1)
    guard parts.count == 2, let exponent = Int(parts[1].drop { $0 == "+" }) else { return String(value) }
    let digits = parts[0].filter { $0 != "." }
    guard exponent + 1 >= digits.count else { return String(value) }
    let padded = digits + String(repeating: "0", count: exponent + 1 - digits.count)
    return (value < 0 ? "-" : "") + padded
  }
}
