import FixtureServer
import Foundation
import Testing

@Suite("RequestLineEscaper: unencoded UTF-8 URLs, as curl sends them")
struct RequestLineEscaperTests {
  @Test("a raw UTF-8 query is served like its percent-encoded form")
  func rawUTF8Query() async throws {
    try await withFixtureServer { server async throws in
      let raw = try await RawHTTPConnection.get("/images?q=カレー&category=カレー", port: server.port)
      let encoded = try await RawHTTPConnection.get(
        "/images?q=%E3%82%AB%E3%83%AC%E3%83%BC&category=%E3%82%AB%E3%83%AC%E3%83%BC", port: server.port)
      #expect(raw.status == 200)
      #expect(raw.body == encoded.body)
      let items = try #require(try JSONSerialization.jsonObject(with: Data(raw.body)) as? [[String: Any]])
      #expect(!items.isEmpty)
      #expect(items.allSatisfy { $0["category"] as? String == "カレー" })
    }
  }

  @Test("keep-alive requests after one with a body are still escaped, and the body is untouched")
  func keepAliveWithBody() async throws {
    try await withFixtureServer(FixtureServer.Configuration(allowsFaultControl: true)) { server async throws in
      let body = #"["status=418"]"#
      let request =
        "PUT /__faults/articles HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        + "GET /articles?q=ノン HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
      let exchange = try await RawHTTPConnection.transmit(Array(request.utf8), port: server.port)
      let text = String(decoding: exchange.received, as: UTF8.self)
      #expect(text.hasPrefix("HTTP/1.1 200"))
      #expect(text.contains("HTTP/1.1 418"))
      #expect(server.faults[.endpoint("articles")] == [.status(418)])
    }
  }
}
