import Foundation

/// Turns the API's timestamps (`2022-12-01T07:30:00.000+0000`) into the `yyyy/MM/dd` the screens show, in UTC, or
/// the ISO 8601 the CLI's JSON prints.
///
/// A fixed-format parser: it depends on no locale, calendar setting or time zone of the machine.
public enum DisplayDate {
  private static let utc = TimeZone(secondsFromGMT: 0)!

  /// `yyyy/MM/dd` in UTC for an API timestamp, or `nil` when `text` is not one.
  public static func format(_ text: String) -> String? {
    guard let date = parse(text) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
    return pad(year, 4) + "/" + pad(month, 2) + "/" + pad(day, 2)
  }

  /// The ISO 8601 timestamp in UTC for an API timestamp (`2023-03-20T00:00:00Z`, with milliseconds when it has
  /// some: `2023-03-20T07:30:00.250Z`), or `nil` when `text` is not one: what `--json` prints, where the screens show
  /// ``format(_:)``.
  public static func iso8601(_ text: String) -> String? {
    guard let date = parse(text) else { return nil }
    let fractional = date.timeIntervalSince1970.rounded(.down) != date.timeIntervalSince1970
    return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: fractional, timeZone: utc))
  }

  /// Parses `yyyy-MM-ddTHH:mm:ss.SSS±hhmm` (the fraction is optional, `Z` stands for `+0000`).
  public static func parse(_ text: String) -> Date? {
    var scanner = DigitScanner(Array(text.utf8))
    guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
      let day = scanner.number(2), scanner.skip("T"), let hour = scanner.number(2), scanner.skip(":"),
      let minute = scanner.number(2), scanner.skip(":"), let second = scanner.number(2)
    else { return nil }
    var milliseconds = 0
    if scanner.skip(".") {
      guard let fraction = scanner.number(3) else { return nil }
      milliseconds = fraction
    }
    let offsetSeconds: Int
    if scanner.skip("Z") {
      offsetSeconds = 0
    } else {
      let sign: Int
      if scanner.skip("+") {
        sign = 1
      } else if scanner.skip("-") {
        sign = -1
      } else {
        return nil
      }
      guard let offsetHours = scanner.number(2) else { return nil }
      _ = scanner.skip(":")
      guard let offsetMinutes = scanner.number(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    }
    guard scanner.isAtEnd, (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
      (0...59).contains(second), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let daysSinceEpoch = days(year: year, month: month, day: day)
    let seconds = daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(milliseconds) / 1000)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  private static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}

/// Reads fixed-width ASCII digits and separators from UTF-8 bytes.
private struct DigitScanner {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { index == bytes.count }

  /// Exactly `width` digits as a number, or `nil` (consuming nothing) when they are not there.
  mutating func number(_ width: Int) -> Int? {
    guard index + width <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[index..<index + width] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    index += width
    return value
  }

  /// Consumes `character` when it is next.
  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }
}
