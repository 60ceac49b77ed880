import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("HTTPClient helpers")
struct HTTPClientTests {
  struct News: Decodable, Equatable, Sendable {
    let id: Int
    let newsCategory: String
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
