import Foundation
import Networking
import Testing

@Suite("Decoding failures: key path and body snippet")
struct HTTPErrorDecodingTests {
  struct Article: Decodable, Equatable {
    let id: Int
    let publishedAt: String
    let shop: Shop

    enum CodingKeys: String, CodingKey {
      case id, shop
      case publishedAt = "published_at"
    }
  }

  struct Shop: Decodable, Equatable {
    let shopName: String

    enum CodingKeys: String, CodingKey {
      case shopName = "shop_name"
    }
  }

  let url = URL(string: "http://api.test/trend_articles")!

  private func failure<T: Decodable>(_ type: T.Type, _ json: String) -> HTTPError? {
    let response = HTTPResponse(status: 200, body: Data(json.utf8), url: url)
    do {
      _ = try response.decode(type)
      return nil
    } catch {
      return error
    }
  }

  @Test func decodesSnakeCase() throws {
    let response = HTTPResponse(
      status: 200,
      body: Data(#"[{"id": 1, "published_at": "2022-12-01", "shop": {"shop_name": "Kumiki"}}]"#.utf8),
      url: url
    )
    #expect(
      try response.decode([Article].self) == [Article(id: 1, publishedAt: "2022-12-01", shop: Shop(shopName: "Kumiki"))]
    )
  }

  @Test func typeMismatchNamesTheKeyPath() {
    let error = failure([Article].self, #"[{"id": 1, "published_at": "x", "shop": {"shop_name": "a"}}, {"id": "two"}]"#)
    guard case .decodingFailed(let failedURL, let keyPath, let reason, let snippet) = error else {
      Issue.record("expected decodingFailed, got \(String(describing: error))")
      return
    }
    #expect(failedURL == url)
    #expect(keyPath == "[1].id")
    #expect(reason.contains("Int"))
    #expect(snippet.hasPrefix(#"[{"id": 1, "published_at""#))
  }

  @Test func missingKeyNamesTheNestedKeyPath() {
    let error = failure([Article].self, #"[{"id": 1, "published_at": "x", "shop": {}}]"#)
    guard case .decodingFailed(_, let keyPath, let reason, _) = error else {
      Issue.record("expected decodingFailed, got \(String(describing: error))")
      return
    }
    #expect(keyPath == "[0].shop.shopName")
    #expect(reason == "the key is missing.")
  }

  @Test func nullNamesTheKeyPath() {
    let error = failure(Shop.self, #"{"shop_name": null}"#)
    guard case .decodingFailed(_, let keyPath, let reason, _) = error else {
      Issue.record("expected decodingFailed, got \(String(describing: error))")
      return
    }
    #expect(keyPath == "shopName")
    #expect(reason.contains("null"))
  }

  @Test func malformedJSONQuotesTheBody() {
    let error = failure(Shop.self, "<html>\n  <body>Bad gateway</body>\n</html>")
    guard case .decodingFailed(_, let keyPath, _, let snippet) = error else {
      Issue.record("expected decodingFailed, got \(String(describing: error))")
      return
    }
    #expect(keyPath == "")
    #expect(snippet == "<html> <body>Bad gateway</body> </html>")
  }

  @Test func snippetIsShortAndMarkedWhenCut() {
    let long = Data(String(repeating: "abcdefghij", count: 100).utf8)
    let snippet = HTTPError.snippet(of: long)
    #expect(snippet.count == HTTPError.snippetLength + 1)
    #expect(snippet.hasSuffix("…"))
    #expect(HTTPError.snippet(of: Data()) == "(empty)")
    #expect(HTTPError.snippet(of: Data([0xFF, 0xFE, 0x41])) == "\u{FFFD}\u{FFFD}A")
  }
}
