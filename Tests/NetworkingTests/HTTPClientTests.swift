import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("HTTPClient helpers")
struct HTTPClientTests {
  struct News: Decodable, Equatable, Sendable {
    let id: Int
    let newsCategory: String

    enum CodingKeys: String, CodingKey {
      case id
      case newsCategory = "news_category"
    }
  }

  let base = URL(string: "http://api.test")!

  @Test func jsonDecodesAndAsksForJSON() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/recent_news", .json(#"[{"id": 7, "news_category": "event"}]"#))
    let news = try await fake.client.json([News].self, from: base.appending(path: "recent_news"))
    #expect(news == [News(id: 7, newsCategory: "event")])
    #expect(fake.requests.first?.headers["Accept"] == "application/json")
  }

  @Test(arguments: [401, 404, 500])
  func jsonThrowsStatusErrors(status: Int) async throws {
    let fake = FakeHTTPClient()
    fake.stub("/recent_news", .status(status))
    let url = base.appending(path: "recent_news")
    let error = await #expect(throws: HTTPError.self) { try await fake.client.json([News].self, from: url) }
    #expect(error == HTTPError(status: status, url: url))
    #expect(error?.status == status)
    #expect(error?.url == url)
  }

  @Test func sendReturnsAnyStatus() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/missing", .json("{}", status: 404))
    let response = try await fake.client.send(.get(base.appending(path: "missing")))
    #expect(response.status == 404)
    #expect(!response.isSuccess)
    #expect(throws: HTTPError.notFound(base.appending(path: "missing"))) { try response.validated() }
  }

  /// Issue 34, item 16: a write the server refuses or fails says why when its answer does.
  @Test func aRefusedWriteCarriesTheServersReason() async throws {
    let fake = FakeHTTPClient()
    let url = base.appending(path: "profile_personal")
    fake.stub(
      .patch, "/profile_personal", .json(#"{"error":"nickname is too long"}"#, status: 422),
      .json(#"{"error":"No space left on device"}"#, status: 507), .json("{}", status: 404),
      .response(status: 500, headers: ["Content-Type": "text/plain"], body: Data("disk\r\nfull\u{1B}[2J".utf8)))
    let request = HTTPRequest(method: .patch, url: url, body: Data("{}".utf8))
    await #expect(throws: HTTPError.refused(status: 422, url: url, reason: "nickname is too long")) {
      try await fake.client.data(request)
    }
    let full = await #expect(throws: HTTPError.self) { try await fake.client.data(request) }
    #expect(full == .refused(status: 507, url: url, reason: "No space left on device"))
    #expect(
      full?.description
        == "Refused by the server: No space left on device (507 from http://api.test/profile_personal). Try again later."
    )
    #expect(full?.isRetryable == true && full?.status == 507)
    // No reason in the answer: the status's own error, as before.
    await #expect(throws: HTTPError.notFound(url)) { try await fake.client.data(request) }
    await #expect(throws: HTTPError.refused(status: 500, url: url, reason: "disk full [2J")) {
      try await fake.client.data(request)
    }
  }

  @Test func aReadKeepsTheStatusErrorWhateverItsBody() async throws {
    let fake = FakeHTTPClient()
    let url = base.appending(path: "recent_news")
    fake.stub("/recent_news", .json(#"{"error":"injected fault"}"#, status: 500))
    await #expect(throws: HTTPError.serverError(status: 500, url: url)) { try await fake.client.data(.get(url)) }
  }

  @Test func theServersReasonIsOneBoundedLineFromJSONOrShortText() {
    let url = base.appending(path: "x")
    func reason(_ status: Int, _ body: String, type: String = "application/json") -> String? {
      HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(body.utf8), url: url).serverReason
    }
    #expect(reason(422, #"{"message":"too\nlong\t!"}"#) == "too long !")
    #expect(reason(422, #"{"error":42,"message":"m"}"#) == "m")
    #expect(reason(200, #"{"error":"fine"}"#) == nil)
    #expect(reason(422, "[1]") == nil)
    #expect(reason(422, "<html>no</html>", type: "text/html") == nil)
    #expect(reason(422, "  ", type: "text/plain") == nil)
    #expect(reason(422, "\u{202E}x", type: "text/plain; charset=utf-8") == "x")
    let long = reason(422, #"{"error":"\#(String(repeating: "é", count: 500))"}"#)
    #expect(long?.count == HTTPResponse.maxReasonLength + 1 && long?.hasSuffix("…") == true)
  }

  @Test func transportErrorsPassThrough() async throws {
    let url = base.appending(path: "recent_news")
    let http = HTTPClient.failing(HTTPError.timedOut(url))
    await #expect(throws: HTTPError.timedOut(url)) { try await http.json([News].self, from: url) }
  }

  @Test func activityCountsWhileAwaitingTheTransport() async throws {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let http = HTTPClient { request in
      for await _ in gate { break }
      return HTTPResponse(status: 204, url: request.url)
    }
    var updates = http.activity.updates().makeAsyncIterator()
    #expect(await updates.next() == 0)
    async let response = http.send(.get(base))
    #expect(await updates.next() == 1)
    #expect(http.activity.inFlight == 1)
    open.yield()
    #expect(try await response.status == 204)
    #expect(await updates.next() == 0)
  }

  @Test func activityIsReleasedOnFailure() async throws {
    let http = HTTPClient.failing(HTTPError.cancelled(base))
    _ = try? await http.send(.get(base))
    #expect(http.activity.inFlight == 0)
  }
}
