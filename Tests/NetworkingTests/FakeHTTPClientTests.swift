import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("FakeHTTPClient")
struct FakeHTTPClientTests {
  let base = URL(string: "http://api.test")!

  @Test func scriptedResponsesPlayInOrderThenTheLastRepeats() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/profile_comment", .status(503), .json("[]"))
    let url = base.appending(path: "profile_comment")
    #expect(try await fake.client.send(.get(url)).status == 503)
    #expect(try await fake.client.send(.get(url)).status == 200)
    #expect(try await fake.client.send(.get(url)).status == 200)
    #expect(fake.requests.count == 3)
  }

  @Test func matchesMethodPathAndQuery() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/achive_images", .json(#"["all"]"#))
    fake.stub("/achive_images", query: [.init(name: "category", value: "sushi")], .json(#"["sushi"]"#))
    fake.stub(.post, "/achive_images", .status(201))
    let url = base.appending(path: "achive_images")
    #expect(try await fake.client.json([String].self, from: url) == ["all"])
    let filtered = try await fake.client.json(
      [String].self, from: url, query: [.init(name: "q", value: "x"), .init(name: "category", value: "sushi")])
    #expect(filtered == ["sushi"])
    #expect(try await fake.client.send(HTTPRequest(method: .post, url: url)).status == 201)
    #expect(fake.requests.map(\.method) == [.get, .get, .post])
  }

  @Test func unmatchedRequestsGet404NamingTheRequest() async throws {
    let fake = FakeHTTPClient()
    let response = try await fake.client.send(.get(base.appending(path: "nope")))
    #expect(response.status == 404)
    #expect(String(decoding: response.body, as: UTF8.self) == "FakeHTTPClient: no stub for GET /nope")
  }

  @Test func failuresAreThrown() async throws {
    let fake = FakeHTTPClient()
    let url = base.appending(path: "pickup_photos")
    fake.stub("/pickup_photos", .failure(HTTPError.cannotConnect(url, reason: "offline")))
    await #expect(throws: HTTPError.cannotConnect(url, reason: "offline")) { try await fake.client.send(.get(url)) }
  }

  @Test func latencyIsCancellable() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/slow", .json("{}"), latency: .seconds(30))
    let http = fake.client
    let url = base.appending(path: "slow")
    var updates = http.activity.updates().makeAsyncIterator()
    #expect(await updates.next() == 0)
    let task = Task { try await http.send(.get(url)) }
    #expect(await updates.next() == 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(http.activity.inFlight == 0)
  }

  @Test func encodesValuesWithSnakeCase() async throws {
    struct Photo: Codable, Equatable {
      let photoWidth: Int
      enum CodingKeys: String, CodingKey { case photoWidth = "photo_width" }
    }
    let fake = FakeHTTPClient()
    fake.stub("/pickup_photos", try .json(encoding: [Photo(photoWidth: 640)]))
    let photos = try await fake.client.json([Photo].self, from: base.appending(path: "pickup_photos"))
    #expect(photos == [Photo(photoWidth: 640)])
  }

  @Test func unimplementedAndRespondingClients() async throws {
    let url = base.appending(path: "x")
    let error = await #expect(throws: UnimplementedHTTPClientError.self) {
      try await HTTPClient.unimplemented.send(.get(url))
    }
    #expect(error?.description.contains("GET http://api.test/x") == true)
    let response = try await HTTPClient.responding(.json("{}", status: 202)).send(.get(url))
    #expect(response.status == 202)
    #expect(response.url == url)
  }
}
