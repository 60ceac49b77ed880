import Testing

@testable import FavoriteFeature

@Suite struct DisplayDateTests {
  @Test func formatsTheAPITimestampInUTC() {
    #expect(DisplayDate.format("2022-12-01T07:30:00.000+0000") == "2022/12/01")
    #expect(DisplayDate.format("2023-01-01T05:00:00.000+0900") == "2022/12/31")
  }

  @Test(arguments: ["", "yesterday", "2023-13-01T00:00:00.000+0000", "2023-01-01T07:30:00.000"])
  func rejectsWhatIsNotATimestamp(text: String) {
    #expect(DisplayDate.format(text) == nil)
  }

  @Test func acceptsOnlyAbsoluteHTTPAddresses() {
    #expect(WebAddress.parse("https://images.kumiki.example/a.jpg") != nil)
    #expect(WebAddress.parse("a.jpg") == nil)
    #expect(WebAddress.parse("ftp://example.com/a.jpg") == nil)
  }
}
