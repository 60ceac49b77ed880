import Foundation
import Presentation
import Testing

@Suite struct DisplayDateTests {
  @Test func formatsTheAPITimestampAsYearMonthDay() {
    #expect(DisplayDate.format("2022-12-01T07:30:00.000+0000") == "2022/12/01")
    #expect(DisplayDate.format("2023-03-20T09:00:00.000+0000") == "2023/03/20")
  }

  @Test func convertsOtherOffsetsToUTC() {
    #expect(DisplayDate.format("2023-01-01T05:00:00.000+0900") == "2022/12/31")
    #expect(DisplayDate.format("2023-01-31T20:00:00.000-0500") == "2023/02/01")
    #expect(DisplayDate.format("2024-02-29T00:00:00Z") == "2024/02/29")
  }

  @Test func formatsEveryDayAsTheTimestampWritesIt() {
    // The day is computed from the days since 1970, the inverse of the parse: every date comes back as written,
    // before 1970 and before the Gregorian reform of 1582 too (Foundation's Gregorian calendar switches to the
    // Julian one there: it wrote 1500-03-01 as 1500/02/20).
    #expect(DisplayDate.format("1500-03-01T00:00:00Z") == "1500/03/01")
    #expect(DisplayDate.format("0001-01-01T00:00:00Z") == "0001/01/01")
    #expect(DisplayDate.format("9999-12-31T23:59:59.999Z") == "9999/12/31")
    #expect(DisplayDate.format("1969-12-31T23:59:59.999Z") == "1969/12/31")
    #expect(DisplayDate.format("1970-01-01T00:00:00.000+0100") == "1969/12/31")
    for year in stride(from: 1, through: 9999, by: 7) {
      for (month, day) in [(1, 1), (2, 28), (2, 29), (3, 1), (12, 31)] {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        if month == 2, day == 29, !leap { continue }
        let written = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        #expect(DisplayDate.format(written + "T12:00:00Z") == written.replacingOccurrences(of: "-", with: "/"))
      }
    }
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    String(repeating: "0", count: width - String(value).count) + String(value)
  }

  @Test func iso8601IsTheTimestampInUTCForJSON() {
    #expect(DisplayDate.iso8601("2023-03-20T00:00:00.000+0000") == "2023-03-20T00:00:00Z")
    #expect(DisplayDate.iso8601("2023-01-01T05:00:00.000+0900") == "2022-12-31T20:00:00Z")
    #expect(DisplayDate.iso8601("2022-12-01T07:30:00.250+0000") == "2022-12-01T07:30:00.250Z")
    #expect(DisplayDate.iso8601("1970-01-01T00:59:59.999+0100") == "1969-12-31T23:59:59.999Z")
    #expect(DisplayDate.iso8601("1500-03-01T00:00:00.000+0000") == "1500-03-01T00:00:00Z")
    #expect(DisplayDate.iso8601("2023/03/20") == nil)
    #expect(DisplayDate.iso8601("") == nil)
  }

  /// The timestamp's text and the date's (`iso8601(_: Date)`, written apart) agree on every
  /// instant, offsets that cross a day or a year included, and `format` is its day. The instant parsed is
  /// Foundation's (`ISO8601DateFormatter`) for every date since the Gregorian reform.
  @Test func iso8601OfATimestampIsTheDateWritten() throws {
    let foundation = ISO8601DateFormatter()
    foundation.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    for year in stride(from: 1, through: 9999, by: 37) {
      for (time, offset) in [("00:00:00", "+0900"), ("07:05:09", "Z"), ("23:59:59", "-0130"), ("12:30:00", "+0000")] {
        let text = pad(year, 4) + "-01-01T" + time + ".000" + offset
        let date = try #require(DisplayDate.parse(text), "\(text)")
        if year >= 1600 { #expect(date == foundation.date(from: text), "\(text)") }
        let written = DisplayDate.iso8601(date)
        #expect(DisplayDate.iso8601(text) == written, "\(text)")
        #expect(DisplayDate.format(text) == written.prefix(10).replacingOccurrences(of: "-", with: "/"), "\(text)")
      }
    }
    #expect(DisplayDate.iso8601("0001-01-01T00:00:00.007+0000") == "0001-01-01T00:00:00.007Z")
  }

  /// `--json`'s `fetched_at` was written by `Date.ISO8601FormatStyle`, whose Gregorian calendar loads ICU's zone
  /// data; the days-since-1970 formatting writes the same text for every date since the Gregorian reform.
  @Test func iso8601OfADateIsWhatTheFormatStyleWrites() {
    let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
    var instants: [TimeInterval] = [0, -1, -0.5, 0.999, 59.999, 86_399.75, 951_782_400, 1_779_099_999.9, -86_401]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2_000 {  // a fixed pseudo-random walk from 1600 to 2400
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      instants.append(-11_676_096_000 + TimeInterval((state >> 11) % 25_245_100_000_000) / 1000)
    }
    for interval in instants {
      let date = Date(timeIntervalSince1970: interval)
      #expect(DisplayDate.iso8601(date) == date.formatted(style), "\(interval)")
    }
    #expect(DisplayDate.iso8601(Date(timeIntervalSince1970: 1_714_564_800)) == "2024-05-01T12:00:00Z")
    let farAway = Date(timeIntervalSince1970: 2e14)  // left to the format style
    #expect(DisplayDate.iso8601(farAway) == farAway.formatted(style))
  }

  @Test(arguments: [
    "", "yesterday", "2023-13-01T00:00:00.000+0000", "2023-02-29T00:00:00.000+0000", "2023-04-31T00:00:00.000+0000",
    "2023-01-01T24:00:00.000+0000", "2023-01-01T07:30:00.000", "2023-01-01T07:30:00.000+0000 ", "2023/01/01",
    "２０２３-01-01T07:30:00.000+0000",
  ])
  func rejectsWhatIsNotATimestamp(text: String) {
    #expect(DisplayDate.format(text) == nil)
  }
}
