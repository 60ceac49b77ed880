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

  @Test func iso8601IsTheTimestampInUTCForJSON() {
    #expect(DisplayDate.iso8601("2023-03-20T00:00:00.000+0000") == "2023-03-20T00:00:00Z")
    #expect(DisplayDate.iso8601("2023-01-01T05:00:00.000+0900") == "2022-12-31T20:00:00Z")
    #expect(DisplayDate.iso8601("2022-12-01T07:30:00.250+0000") == "2022-12-01T07:30:00.250Z")
    #expect(DisplayDate.iso8601("2023/03/20") == nil)
    #expect(DisplayDate.iso8601("") == nil)
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
