import Foundation
import Networking
import Testing

@Suite("HTTPRequest")
struct HTTPRequestTests {
  let base = URL(string: "http://127.0.0.1:3000/achive_images")!

  @Test func appendsEncodedQueryItems() {
    let request = HTTPRequest.get(
      base,
      query: [
        .init(name: "q", value: "焼き 鳥+塩"), .init(name: "category", value: "a&b=c"), .init(name: "flag", value: nil),
      ]
    )
    #expect(
      request.resolvedURL?.absoluteString
        == "http://127.0.0.1:3000/achive_images?q=%E7%84%BC%E3%81%8D%20%E9%B3%A5%2B%E5%A1%A9&category=a%26b%3Dc&flag"
    )
  }

  @Test func keepsAnExistingQuery() {
    let url = URL(string: "http://127.0.0.1:3000/recent_news?_page=2")!
    let request = HTTPRequest.get(url, query: [.init(name: "_limit", value: "10")])
    #expect(request.resolvedURL?.absoluteString == "http://127.0.0.1:3000/recent_news?_page=2&_limit=10")
    #expect(HTTPRequest.get(url).resolvedURL == url)
  }

  @Test func jsonBodyUsesSnakeCase() throws {
    struct Comment: Encodable { let shopName: String; let rating: Int }
    let request = try HTTPRequest.json(.put, base, body: Comment(shopName: "Kumiki", rating: 5))
    #expect(request.method == .put)
    #expect(request.headers["content-type"] == "application/json")
    #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == #"{"rating":5,"shop_name":"Kumiki"}"#)
  }

  @Test func methodsAreUpperCased() {
    #expect(HTTPMethod(rawValue: "patch") == .patch)
    #expect(HTTPMethod.get.description == "GET")
  }
}
