import FixtureData
import Testing

@Suite("PageLinks: json-server's Link header")
struct PageLinksTests {
  @Test("relations in order first, prev, next, last, each replacing page=<current>")
  func header() {
    let links = PageLinks(current: 2, first: 1, prev: 1, next: 3, last: 3)
    #expect(
      links.linkHeader(requestURL: "http://h:1/x?_page=2&_limit=5")
        == #"<http://h:1/x?_page=1&_limit=5>; rel="first", <http://h:1/x?_page=1&_limit=5>; rel="prev", "#
        + #"<http://h:1/x?_page=3&_limit=5>; rel="next", <http://h:1/x?_page=3&_limit=5>; rel="last""#)
  }

  @Test("missing relations are left out; no relation means no header")
  func partial() {
    #expect(
      PageLinks(current: 1, first: 1, next: 2, last: 2).linkHeader(requestURL: "http://h/x?_page=1")
        == #"<http://h/x?_page=1>; rel="first", <http://h/x?_page=2>; rel="next", <http://h/x?_page=2>; rel="last""#)
    #expect(PageLinks().linkHeader(requestURL: "http://h/x?_page=1") == nil)
  }
}
