/// The few JavaScript behaviours json-server's query code relies on (`parseInt`, `Number`, relational
/// comparison, `Array.prototype.slice`, truthiness, substring search), reproduced so that queries give the
/// same answers here as against json-server 0.17.
package enum JavaScriptSemantics {
  /// `parseInt(text, 10)`: leading whitespace, an optional sign, then the longest run of decimal digits.
  /// `nil` stands for `NaN`. Results are clamped to ±1e15 so later arithmetic stays exact.
  package static func parseInt(_ text: String) -> Double? {
    var scalars = Substring(text).unicodeScalars.drop { $0.properties.isWhitespace }
    var sign = 1.0
    if let first = scalars.first, first == "-" || first == "+" {
      sign = first == "-" ? -1 : 1
      scalars = scalars.dropFirst()
    }
    let digits = scalars.prefix { ("0"..."9").contains($0) }
    guard !digits.isEmpty, let value = Double(String(String.UnicodeScalarView(digits))) else { return nil }
    return sign * min(value, 1e15)
  }

  /// `Number(text)`: surrounding whitespace ignored, empty means 0, otherwise a decimal literal or `nil` (`NaN`).
  package static func number(_ text: String) -> Double? {
    let trimmed = text.trimmingWhitespace()
    if trimmed.isEmpty { return 0 }
    switch trimmed {
    case "Infinity", "+Infinity": return .infinity
    case "-Infinity": return -.infinity
    default: break
    }
    guard trimmed.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) else { return nil }
    return Double(trimmed)
  }

  /// `ToNumber` of a JSON value; `nil` for `NaN`.
  package static func number(_ value: JSONValue) -> Double? {
    switch value {
    case .null: return 0
    case .bool(let flag): return flag ? 1 : 0
    case .integer(let integer): return Double(integer)
    case .double(let double): return double
    case .string(let text): return number(text)
    case .array, .object: return number(value.javaScriptText)
    }
  }

  /// The abstract relational comparison `lhs < rhs` / `lhs > rhs`: two non-numeric primitives compare as
  /// strings (by UTF-16 code units), anything else as numbers. `nil` when unordered (a `NaN` was involved).
  package static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
    if isStringLike(lhs), isStringLike(rhs) {
      return compareStrings(lhs.javaScriptText, rhs.javaScriptText)
    }
    guard let left = number(lhs), let right = number(rhs) else { return nil }
    return left < right ? -1 : (left > right ? 1 : 0)
  }

  /// Compares two strings by UTF-16 code units, as JavaScript's `<` does.
  package static func compareStrings(_ lhs: String, _ rhs: String) -> Int {
    lhs.utf16.lexicographicallyPrecedes(rhs.utf16) ? -1 : (lhs.utf16.elementsEqual(rhs.utf16) ? 0 : 1)
  }

  /// JavaScript's `===` on two strings: code unit equality, with no Unicode normalisation.
  package static func strictlyEqual(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf16.elementsEqual(rhs.utf16)
  }

  /// `haystack.indexOf(needle) !== -1` on code units (no normalisation).
  package static func contains(_ haystack: String, _ needle: String) -> Bool {
    let hay = Array(haystack.utf16)
    let pin = Array(needle.utf16)
    guard !pin.isEmpty else { return true }
    guard hay.count >= pin.count else { return false }
    for start in 0...(hay.count - pin.count) where hay[start] == pin[0] {
      if hay[start..<start + pin.count].elementsEqual(pin) { return true }
    }
    return false
  }

  /// Whether `value` is truthy (`null`, `false`, `0` and `""` are not).
  package static func isTruthy(_ value: JSONValue) -> Bool {
    switch value {
    case .null: return false
    case .bool(let flag): return flag
    case .integer(let integer): return integer != 0
    case .double(let double): return double != 0 && !double.isNaN
    case .string(let text): return !text.isEmpty
    case .array, .object: return true
    }
  }

  /// `Array.prototype.slice(start, end)` with `nil` for `NaN` (treated as 0) and negative indices counted from
  /// the end.
  package static func slice<Element>(_ elements: [Element], start: Double?, end: Double?) -> [Element] {
    let count = Double(elements.count)
    func resolve(_ index: Double?) -> Int {
      let value = index ?? 0
      return Int(value < 0 ? max(count + value, 0) : min(value, count))
    }
    let lower = resolve(start)
    let upper = resolve(end)
    return lower < upper ? Array(elements[lower..<upper]) : []
  }

  private static func isStringLike(_ value: JSONValue) -> Bool {
    switch value {
    case .string, .array, .object: return true
    default: return false
    }
  }
}

extension String {
  /// The string without leading and trailing white space (Unicode `White_Space`).
  package func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
  }
}
