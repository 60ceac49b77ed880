import Foundation
import Networking
import NetworkingCurl
import Testing

@Suite("Live client against a loopback server")
struct HTTPClientCurlTests {
  let http = HTTPClient.curl()

  @Test func decodesSnakeCaseJSON() async throws {
    let base = try await TestServer.baseURL()
    let items = try await http.json([Item].self, from: base.appending(path: "items"))
    #expect(items.count == 12)
    #expect(
      items[2]
        == Item(
          id: 3, title: "Seasonal dish 3", newsCategory: "recipes", thumbnailUrl: "https://img.example/3.jpg",
          publishedAt: "2022-12-01T07:30:00.000+0000", rating: 4.5))
  }

  @Test func returnsStatusHeadersAndBody() async throws {
    let base = try await TestServer.baseURL()
    let response = try await http.send(
      .get(base.appending(path: "items"), query: [URLQueryItem(name: "count", value: "2")]))
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.url.absoluteString == base.absoluteString + "/items?count=2")
    #expect(try response.decode([Item].self).map(\.id) == [1, 2])
  }

  @Test func sendsUserAgentAcceptAndAcceptEncoding() async throws {
    let base = try await TestServer.baseURL()
    let echo = try await http.json(Echo.self, from: base.appending(path: "echo"))
    #expect(echo.method == "GET")
    #expect(echo.headers["user-agent"] == "kumiki/\(CurlConfiguration.kumikiVersion)")
    #expect(echo.headers["accept"] == "application/json")
    #expect(echo.headers["accept-encoding"]?.contains("gzip") == true)
    #expect(echo.headers["accept-encoding"]?.contains("br") == true)
  }

  /// Credentials taken out of an API URL go to their origin as HTTP basic auth, and nowhere else.
  @Test func sendsCredentialsToTheirOriginOnly() async throws {
    let base = try await TestServer.baseURL()
    let origin = URLCredentials.origin(of: base)
    let authorized = HTTPClient.curl(
      CurlConfiguration(credentials: URLCredentials(user: "chef", password: "s3cr:et", origin: origin)))
    let echo = try await authorized.json(Echo.self, from: base.appending(path: "echo"))
    #expect(echo.headers["authorization"] == "Basic " + Data("chef:s3cr:et".utf8).base64EncodedString())
    let elsewhere = HTTPClient.curl(
      CurlConfiguration(credentials: URLCredentials(user: "chef", password: "x", origin: "http://other.test:80")))
    let plain = try await elsewhere.json(Echo.self, from: base.appending(path: "echo"))
    #expect(plain.headers["authorization"] == nil)
  }

  @Test func percentEncodesQueryItems() async throws {
    let base = try await TestServer.baseURL()
    let echo = try await http.json(
      Echo.self,
      from: base.appending(path: "echo"),
      query: [URLQueryItem(name: "q", value: "a+b c&d"), URLQueryItem(name: "category", value: "和食")]
    )
    #expect(echo.query == "q=a%2Bb%20c%26d&category=%E5%92%8C%E9%A3%9F")
  }

  @Test(arguments: [HTTPMethod.post, .put, .delete])
  func sendsMethodAndBody(method: HTTPMethod) async throws {
    struct Draft: Encodable { let shopName: String }
    let base = try await TestServer.baseURL()
    let request = try HTTPRequest.json(method, base.appending(path: "echo"), body: Draft(shopName: "Kumiki\0Tei"))
    let echo = try await http.json(Echo.self, request)
    #expect(echo.method == method.rawValue)
    #expect(echo.body == #"{"shop_name":"Kumiki\u0000Tei"}"#)
    #expect(echo.headers["content-type"] == "application/json")
    #expect(echo.headers["expect"] == nil)
  }

  @Test func decompressesGzip() async throws {
    struct Page: Decodable { let items: [GzipItem] }
    struct GzipItem: Decodable {
      let id: Int
      let newsCategory: String
      enum CodingKeys: String, CodingKey { case id, newsCategory = "news_category" }
    }
    let base = try await TestServer.baseURL()
    let response = try await http.data(.get(base.appending(path: "gzip")))
    #expect(response.headers["Content-Encoding"] == "gzip")
    #expect(response.body.count == TestServer.gzipPlainLength)
    let page = try response.decode(Page.self)
    #expect(page.items.map(\.id) == Array(1...20))
    #expect(page.items.allSatisfy { $0.newsCategory == "compressed" })
  }

  @Test func fanOutKeepsRequestOrderWhenLatenciesAreReversed() async throws {
    struct Slow: Decodable, Equatable { let ms: Int }
    let base = try await TestServer.baseURL()
    // One after another these take 2 s; concurrently 0.8 s. The threshold leaves room for a loaded machine.
    let latencies = [800, 600, 400, 200, 0]
    let http = self.http
    let (results, elapsed) = try await milliseconds {
      try await FanOut.map(latencies) { ms in
        try await http.json(Slow.self, from: base.appending(path: "slow"), query: [.init(name: "ms", value: "\(ms)")])
      }
    }
    #expect(results.map(\.ms) == latencies)
    #expect(elapsed < 1_600, "ran one after another: \(elapsed) ms")
  }

  @Test func variadicFanOutReturnsEachTypeInPlace() async throws {
    struct Slow: Decodable { let ms: Int }
    let base = try await TestServer.baseURL()
    let http = self.http
    let (slow, items, echo) = try await FanOut.all(
      { try await http.json(Slow.self, from: base.appending(path: "slow"), query: [.init(name: "ms", value: "150")]) },
      { try await http.json([Item].self, from: base.appending(path: "items")) },
      { try await http.json(Echo.self, from: base.appending(path: "echo")) }
    )
    #expect(slow.ms == 150)
    #expect(items.count == 12)
    #expect(echo.method == "GET")
  }

  @Test func twoHundredConcurrentRequests() async throws {
    let base = try await TestServer.baseURL()
    let http = self.http
    let counts = try await FanOut.map(0..<200) { index in
      try await http.json(
        [Item].self, from: base.appending(path: "items"), query: [.init(name: "count", value: "\(index % 7)")]
      )
      .count
    }
    #expect(counts == (0..<200).map { $0 % 7 })
    #expect(http.activity.inFlight == 0)
  }

  @Test func activityCountsRequestsInFlight() async throws {
    let base = try await TestServer.baseURL()
    let http = self.http
    let token = newToken()
    var updates = http.activity.updates().makeAsyncIterator()
    #expect(await updates.next() == 0)
    let request = Task {
      try await http.send(
        .get(
          base.appending(path: "slow"), query: [.init(name: "ms", value: "300"), .init(name: "token", value: token)]))
    }
    #expect(await updates.next() == 1)
    await TestServer.arrivals.wait(for: token)
    #expect(http.activity.inFlight == 1)
    _ = try await request.value
    #expect(await updates.next() == 0)
    #expect(http.activity.inFlight == 0)
  }
}
