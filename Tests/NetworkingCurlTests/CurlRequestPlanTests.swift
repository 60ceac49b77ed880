import Foundation
import Networking
import Testing

@testable import NetworkingCurl

@Suite("Request plan")
struct CurlRequestPlanTests {
  let url = URL(string: "http://127.0.0.1:3000/recent_news")!

  @Test func resolvesQueryAndTimeout() throws {
    var request = HTTPRequest.get(url, query: [.init(name: "q", value: "ramen")])
    request.timeout = .milliseconds(1_500)
    let plan = try CurlRequestPlan(request, timeout: .seconds(30))
    #expect(plan.urlText == "http://127.0.0.1:3000/recent_news?q=ramen")
    #expect(plan.timeoutMilliseconds == 1_500)
    #expect(!plan.isHTTPS)
    #expect(try CurlRequestPlan(.get(url), timeout: .seconds(30)).timeoutMilliseconds == 30_000)
  }

  @Test func zeroOrNegativeTimeoutsStillLimit() throws {
    var request = HTTPRequest.get(url)
    request.timeout = .zero
    #expect(try CurlRequestPlan(request, timeout: .seconds(1)).timeoutMilliseconds == 1)
    request.timeout = .seconds(-5)
    #expect(try CurlRequestPlan(request, timeout: .seconds(1)).timeoutMilliseconds == 1)
  }

  @Test func headerLinesAreSanitised() throws {
    let request = HTTPRequest(
      method: .post,
      url: url,
      headers: ["X-Evil": "a\r\nInjected: yes", "X-Empty": "", "Bad:Name": "x", " ": "y", "User-Agent": "mine"],
      body: Data("{}".utf8)
    )
    let plan = try CurlRequestPlan(request, timeout: .seconds(1))
    #expect(plan.headerLines == ["X-Evil: a  Injected: yes", "X-Empty;", "User-Agent: mine", "Expect:"])
    #expect(plan.hasUserAgent)
  }

  @Test(arguments: ["ftp://host/x", "file:///etc/passwd", "http:///x", "data:text/plain,hi"])
  func rejectsNonHTTPURLs(text: String) throws {
    let url = try #require(URL(string: text))
    #expect(throws: HTTPError.invalidURL(url.absoluteString)) {
      try CurlRequestPlan(.get(url), timeout: .seconds(1))
    }
  }
}
