import Testing

@testable import NetworkingCurl

@Suite("Header parser")
struct CurlHeaderParserTests {
  private func parse(_ lines: [String]) -> [(String, String)] {
    CurlHeaderParser.parse(Array(lines.joined().utf8)).fields.map { ($0.name, $0.value) }
  }

  @Test func keepsOnlyTheFinalResponsesHeaders() {
    let block = [
      "HTTP/1.1 301 Moved\r\n", "Location: /b\r\n", "Content-Length: 0\r\n", "\r\n",
      "HTTP/1.1 200 OK\r\n", "Content-Type: application/json\r\n", "Set-Cookie: a=1\r\n",
      "set-cookie: b=2\r\n", "Content-Length:  1234 \r\n", "\r\n",
    ]
    let headers = CurlHeaderParser.parse(Array(block.joined().utf8))
    #expect(headers["location"] == nil)
    #expect(headers["CONTENT-TYPE"] == "application/json")
    #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
    #expect(headers["content-length"] == "1234")
  }

  @Test func ignoresGarbageAndBareLineFeeds() {
    let fields = parse(["HTTP/2 200\n", "no colon here\r\n", ": no name\r\n", "X-Tab:\tvalue\t\n", "Odd: \u{00E9}\r\n"])
    #expect(fields.map(\.0) == ["X-Tab", "Odd"])
    #expect(fields.map(\.1) == ["value", "\u{00E9}"])
  }

  @Test func emptyBlockHasNoHeaders() {
    #expect(CurlHeaderParser.parse([]).isEmpty)
    #expect(parse(["HTTP/1.1 204 No Content\r\n", "\r\n"]).isEmpty)
  }
}
