import Foundation
import Networking
import Testing

/// `Retry-After` read from an answer: seconds or an HTTP date, against the caller's clock, bounded (issue 36, item 3).
@Suite struct HTTPResponseRetryAfterTests {
  static let url = URL(string: "http://api.test/dishes")!
  /// 2026-11-29 00:00:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_795_910_400)

  func wait(_ value: String?, limit: Duration = .seconds(60)) -> Duration? {
    let headers: HTTPHeaders = value.map { ["Retry-After": $0] } ?? [:]
    return HTTPResponse(status: 503, headers: headers, url: Self.url).retryAfter(now: Self.now, limit: limit)
  }

  @Test func secondsAreReadAndBounded() {
    #expect(wait("7") == .seconds(7))
    #expect(wait(" 0 ") == .zero)
    #expect(wait("61") == .seconds(60))
    #expect(wait("99999999999999999999999") == .seconds(60))
  }

  @Test func anHTTPDateIsReadAgainstTheGivenClock() {
    #expect(wait("Sun, 29 Nov 2026 00:00:42 GMT") == .seconds(42))
    #expect(wait("Sat, 28 Nov 2026 23:00:00 GMT") == .zero)  // already past
    #expect(wait("Mon, 30 Nov 2026 00:00:00 GMT") == .seconds(60))
  }

  @Test(arguments: [nil, "", "-1", "1.5", "soon", "29 Nov 2026", "Sun, 29 Nov 2026 00:00:42 CET"])
  func anythingElseIsNoWait(value: String?) {
    #expect(wait(value) == nil)
  }
}
