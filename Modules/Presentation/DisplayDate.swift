import Foundation

/// Turns the API's timestamps (`2022-12-01T07:30:00.000+0000`) into the `yyyy/MM/dd` the screens show, in UTC, or
/// the ISO 8601 the CLI's JSON prints.
///
/// A fixed-format parser: it depends on no locale, calendar setting or time zone of the machine.
public enum DisplayDate {
  /// `yyyy/MM/dd` in UTC for an API timestamp, or `nil` when `text` is not one.
  ///
  /// Both formats are computed from the days since 1970, not with `Calendar` or `Date.ISO8601FormatStyle`: a
  /// Gregorian calendar (which the format style makes too) reads the machine's time zone when it is made, and that
  /// loads ICU's zone data (about 1 MB resident in the TUI) for a date that is always UTC.
  public static func format(_ text: String) -> String? {
    guard let instant = utcInstant(text) else { return nil }
    let (year, month, day) = civil(daysSinceEpoch: floorDivision(instant.seconds, 86_400))
    var out: [UInt8] = []
    out.reserveCapacity(10)
    append(year, 4, to: &out, then: "/")
    append(month, 2, to: &out, then: "/")
    append(day, 2, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The ISO 8601 timestamp in UTC for an API timestamp (`2023-03-20T00:00:00Z`, with milliseconds when it has
  /// some: `2023-03-20T07:30:00.250Z`), or `nil` when `text` is not one: what `--json` prints, where the screens show
  /// ``format(_:)``.
  public static func iso8601(_ text: String) -> String? {
    guard let instant = utcInstant(text) else { return nil }
    return iso8601(seconds: instant.seconds, milliseconds: instant.milliseconds)
  }

  /// The ISO 8601 text in UTC of `seconds` since 1970 and `milliseconds` (shown when not 0), written as bytes:
  /// joining a dozen small strings cost ~9,000 instructions a date, 50 of them in a `--json` page.
  private static func iso8601(seconds: Int, milliseconds: Int) -> String {
    let days = floorDivision(seconds, 86_400)
    let (year, month, day) = civil(daysSinceEpoch: days)
    let secondOfDay = seconds - days * 86_400
    var out: [UInt8] = []
    out.reserveCapacity(24)
    append(year, 4, to: &out, then: "-")
    append(month, 2, to: &out, then: "-")
    append(day, 2, to: &out, then: "T")
    append(secondOfDay / 3600, 2, to: &out, then: ":")
    append(secondOfDay / 60 % 60, 2, to: &out, then: ":")
    append(secondOfDay % 60, 2, to: &out)
    if milliseconds != 0 {
      out.append(UInt8(ascii: "."))
      append(milliseconds, 3, to: &out)
    }
    out.append(UInt8(ascii: "Z"))
    return String(decoding: out, as: UTF8.self)
  }

  /// `date` as ISO 8601 in UTC to the whole second, rounded down (`2024-05-01T12:00:00Z`): what
  /// `Date.ISO8601FormatStyle(timeZone: UTC)` writes, without making its Gregorian calendar (which reads the
  /// machine's time zone, through ICU, the first time: 1.5 M instructions in a `kumiki home --json` the cache
  /// answers). The two differ only before the Gregorian reform (1582), where the format style counts Julian days.
  /// A date more than about three million years from 1970 is left to the format style.
  public static func iso8601(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970.rounded(.down)
    guard abs(interval) < 1e14, let seconds = Int(exactly: interval) else {
      return date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
    return iso8601(seconds: seconds, milliseconds: 0)
  }

  /// Parses `yyyy-MM-ddTHH:mm:ss.SSS±hhmm` (the fraction is optional, `Z` stands for `+0000`).
  public static func parse(_ text: String) -> Date? {
    guard let instant = utcInstant(text) else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(instant.seconds) + TimeInterval(instant.milliseconds) / 1000)
  }

  /// The whole seconds since 1970 in UTC and the milliseconds of an API timestamp, or `nil` when `text` is not one.
  private static func utcInstant(_ text: String) -> (seconds: Int, milliseconds: Int)? {
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
    return (daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds, milliseconds)
  }

  private static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
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

  /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`, the inverse of
  /// ``days(year:month:day:)``).
  private static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `value` in decimal, zeros before it up to `width` digits (``pad(_:_:)``'s text), then `separator` if given.
  private static func append(_ value: Int, _ width: Int, to out: inout [UInt8], then separator: Unicode.Scalar? = nil) {
    if value < 0 {
      out.append(contentsOf: pad(value, width).utf8)
    } else {
      var divisor = 1
      var digits = 1
      while value / divisor >= 10 {
        divisor *= 10
        digits += 1
      }
      for _ in digits..<max(digits, width) { out.append(UInt8(ascii: "0")) }
      while divisor > 0 {
        out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
    }
    if let separator { out.append(UInt8(ascii: separator)) }
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
