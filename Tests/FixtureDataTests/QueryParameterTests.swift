import FixtureData
import Testing

@Suite("QueryParameter: Express-style query string parsing")
struct QueryParameterTests {
  @Test("pairs split on & and =, in order, repeats kept")
  func pairs() {
    #expect(
      QueryParameter.parse(query: "a=1&b=&c&a=2&=x&&d=e=f") == [
        QueryParameter("a", "1"), QueryParameter("b", ""), QueryParameter("c", ""), QueryParameter("a", "2"),
        QueryParameter("d", "e=f"),
      ])
  }

  @Test("percent escapes decode as UTF-8 and + is a space")
  func decoding() {
    #expect(
      QueryParameter.parse(query: "q=%E3%82%AB%E3%83%AC%E3%83%BC+rice&x%5Fy=%") == [
        QueryParameter("q", "カレー rice"), QueryParameter("x_y", "%"),
      ])
  }

  @Test("raw UTF-8 passes through")
  func rawUTF8() {
    #expect(QueryParameter.parse(query: "category=カレー") == [QueryParameter("category", "カレー")])
  }
}
