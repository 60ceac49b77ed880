import Foundation
import GRDB

/// Reads a row's columns with their SQLite storage types and bounds checked, keeping the first problem found.
///
/// Rows read from disk are input: another version, a hand edit or a damaged file may hold text where a number is,
/// `NULL`, a blob, a huge value or a time that is no time. GRDB's `row["column"]` traps on a value it cannot convert;
/// every table is read through this instead, and each decides what a row with a ``problem`` does (the outbox shows it
/// as unreadable, a saved item is left out of the list, a feature state reads as none, a cache entry is a miss).
struct RowReader {
  let row: Row
  /// Why the row cannot be read, the first problem found.
  private(set) var problem: String?

  init(row: Row) { self.row = row }

  mutating func fail(_ why: String) {
    if problem == nil { problem = why }
  }

  /// The column's value as stored (`NULL` when there is no such column).
  func value(_ column: String) -> DatabaseValue {
    (row[column] as DatabaseValue?) ?? .null
  }

  /// What a value's storage is, for a message.
  static func kind(_ value: DatabaseValue) -> String {
    switch value.storage {
    case .null: "NULL"
    case .int64: "an integer"
    case .double: "a real number"
    case .string: "text"
    case .blob: "a blob"
    }
  }

  mutating func integer(_ column: String) -> Int64? {
    let value = value(column)
    guard case .int64(let number) = value.storage else {
      fail("\(column) is \(Self.kind(value)), not an integer")
      return nil
    }
    return number
  }

  /// An integer within `range`.
  mutating func integer(_ column: String, in range: ClosedRange<Int64>) -> Int? {
    guard let number = integer(column) else { return nil }
    guard range.contains(number) else {
      fail("\(column) \(number) is out of range (\(range.lowerBound)...\(range.upperBound))")
      return nil
    }
    return Int(number)
  }

  /// `0` or `1` (how SQLite stores a Boolean).
  mutating func boolean(_ column: String) -> Bool? {
    integer(column, in: 0...1).map { $0 == 1 }
  }

  /// Text of at most `bound` bytes, without control characters (a line break in a method or a path would reach the
  /// request line).
  mutating func text(_ column: String, bound: Int, nonEmpty: Bool = true, controls: Bool = false) -> String? {
    let value = value(column)
    guard case .string(let text) = value.storage else {
      fail("\(column) is \(Self.kind(value)), not text")
      return nil
    }
    guard text.utf8.count <= bound else {
      fail("\(column) is \(text.utf8.count) bytes long (at most \(bound))")
      return nil
    }
    guard !nonEmpty || !text.isEmpty else {
      fail("\(column) is empty")
      return nil
    }
    guard controls || !text.unicodeScalars.contains(where: Self.isControl) else {
      fail("\(column) \(Self.shown(text)) holds a control character")
      return nil
    }
    return text
  }

  /// `NULL`, or text that is only shown (sanitised where it is shown), control characters allowed.
  mutating func optionalText(_ column: String, bound: Int) -> String? {
    if value(column).isNull { return nil }
    return text(column, bound: bound, nonEmpty: false, controls: true)
  }

  /// Bytes stored as a blob or as text (JSON is stored either way), at most `bound` of them.
  mutating func bytes(_ column: String, bound: Int) -> Data? {
    let value = value(column)
    let data: Data
    switch value.storage {
    case .blob(let bytes): data = bytes
    case .string(let text): data = Data(text.utf8)
    default:
      fail("\(column) is \(Self.kind(value)), not bytes")
      return nil
    }
    guard data.count <= bound else {
      fail("\(column) is \(data.count) bytes long (at most \(bound))")
      return nil
    }
    return data
  }

  /// A number of seconds (since whichever epoch the column counts from): finite and within about 3,000 years of it.
  mutating func seconds(_ column: String) -> Double? {
    let value = value(column)
    let seconds: Double
    switch value.storage {
    case .double(let number): seconds = number
    case .int64(let number): seconds = Double(number)
    default:
      fail("\(column) is \(Self.kind(value)), not a time")
      return nil
    }
    guard seconds.isFinite, abs(seconds) < 1e11 else {
      fail("\(column) \(seconds) is not a time")
      return nil
    }
    return seconds
  }

  /// A time stored as `timeIntervalSinceReferenceDate` (see ``seconds(_:)``).
  mutating func time(_ column: String) -> Date? {
    seconds(column).map(Date.init(timeIntervalSinceReferenceDate:))
  }

  /// `[[a, b], …]` as JSON, at most `bound` bytes; `[]` for `NULL` when `optional`.
  mutating func pairs(_ column: String, bound: Int, optional: Bool) -> [(String, String)]? {
    let value = value(column)
    let data: Data
    switch value.storage {
    case .null where optional: return []
    case .blob(let bytes): data = bytes
    case .string(let text): data = Data(text.utf8)
    default:
      fail("\(column) is \(Self.kind(value)), not JSON")
      return nil
    }
    guard data.count <= bound else {
      fail("\(column) is \(data.count) bytes long (at most \(bound))")
      return nil
    }
    guard let lists = try? JSONDecoder().decode([[String]].self, from: data), lists.allSatisfy({ $0.count == 2 })
    else {
      fail("\(column) is not a list of pairs")
      return nil
    }
    return lists.map { ($0[0], $0[1]) }
  }

  /// C0, DEL, C1, and the Unicode line and paragraph separators.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  /// `text` quoted for a message: its first 40 characters, control characters as `\u{…}` escapes.
  static func shown(_ text: String) -> String {
    var shown = "'"
    for (index, scalar) in text.unicodeScalars.enumerated() {
      if index == 40 {
        shown += "…"
        break
      }
      shown += isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }
    return shown + "'"
  }
}
