import Foundation

/// Fixed-format dates, independent of the locale and the time zone of the machine.
public enum ArchiveDateFormat {
  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// `yyyy/MM/dd` in UTC, as the screen shows dates.
  public static func day(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let year = String(parts.year ?? 0)
    return year + "/" + twoDigits(parts.month ?? 0) + "/" + twoDigits(parts.day ?? 0)
  }

  /// ISO 8601 in UTC with seconds (`2024-05-01T12:00:00Z`), as commands print timestamps.
  public static func timestamp(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0" + String(value) : String(value)
  }
}
