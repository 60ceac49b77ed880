/// The one place numbers from outside are read: environment variables, command-line options and API answers.
///
/// Every reader takes the range the value must lie in, so nothing downstream multiplies, adds or converts an
/// unbounded number: a value out of range is an error that names the range (a usage error, exit 64, for flags and
/// the environment; the fallback for an API answer), never a trap. Accepted forms are plain decimal: an optional
/// `+`/`-`, digits, and for ``seconds(_:in:)`` one fractional part or an exponent (`2.5`, `1e3`); surrounding spaces
/// are ignored. `nan`, `inf`, hexadecimal and empty text are not numbers here.
public enum BoundedNumber {
  /// Why a text is not an acceptable number; the description completes "NAME must be …".
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a number in the accepted form.
    case notANumber(String)
    /// A number, but outside the range (text as given, then the range's description).
    case outOfRange(String, String)

    public var description: String {
      switch self {
      case .notANumber(let text): "not a number: '\(text)'"
      case .outOfRange(let text, let range): "out of range: '\(text)' (expected \(range))"
      }
    }
  }

  /// A whole number in `range`.
  public static func integer(_ text: String, in range: ClosedRange<Int>) -> Result<Int, Problem> {
    let trimmed = text.trimmingSpaces
    guard isDecimal(trimmed, fraction: false) else { return .failure(.notANumber(text)) }
    // Digits that overflow `Int` are out of range, not "not a number".
    guard let value = Int(trimmed) else { return .failure(.outOfRange(text, describe(range))) }
    guard range.contains(value) else { return .failure(.outOfRange(text, describe(range))) }
    return .success(value)
  }

  /// A number of seconds in `range` (decimals and exponents allowed), as a `Duration` rounded to the millisecond
  /// (`roundingUp` for limits that must not become zero).
  public static func seconds(
    _ text: String, in range: ClosedRange<Double>, roundingUp: Bool = false
  ) -> Result<Duration, Problem> {
    let trimmed = text.trimmingSpaces
    guard isDecimal(trimmed, fraction: true), let value = Double(trimmed) else { return .failure(.notANumber(text)) }
    // `1e400` reads as infinity: a number, far out of range.
    guard value.isFinite, range.contains(value) else { return .failure(.outOfRange(text, describe(range))) }
    // `range` is bounded, so the product is finite; the clamp keeps `Int(_:)` from trapping on any range given.
    let milliseconds = (value * 1000).rounded(roundingUp ? .up : .toNearestOrAwayFromZero)
    let bounded = Swift.min(Swift.max(milliseconds, -9.0e15), 9.0e15)
    return .success(.milliseconds(Int(bounded)))
  }

  /// `(a - 1) * b + c` and friends without traps: `nil` when the result does not fit an `Int`.
  public static func multiplyAdd(_ a: Int, _ b: Int, _ c: Int) -> Int? {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    guard !overflow else { return nil }
    let (sum, overflow2) = product.addingReportingOverflow(c)
    return overflow2 ? nil : sum
  }

  private static func describe(_ range: ClosedRange<Int>) -> String {
    range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound)...\(range.upperBound)"
  }

  private static func describe(_ range: ClosedRange<Double>) -> String {
    "\(plain(range.lowerBound))...\(plain(range.upperBound)) seconds"
  }

  private static func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// `[+-]?digits` or, with `fraction`, `[+-]?(digits[.digits]|.digits)([eE][+-]?digits)?`: what `Int(_:)` and
  /// `Double(_:)` accept minus `nan`, `inf` and hexadecimal.
  private static func isDecimal(_ text: String, fraction: Bool) -> Bool {
    var bytes = Substring(text).utf8[...]
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    func digits() -> Int {
      let count = bytes.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).count
      bytes = bytes.dropFirst(count)
      return count
    }
    var mantissa = digits()
    if fraction, bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if fraction, let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}

extension Comparable {
  /// The value, or the nearest end of `range` when it lies outside.
  public func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
