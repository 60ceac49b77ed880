import Foundation
import Networking
import Testing

@testable import NetworkingCurl

/// Issue 38, item 2: one client, one libcurl multi handle, shared by every request of a fan-out and by the fan-outs
/// after it; made on the first request, not before.
@Suite(.timeLimit(.minutes(1))) struct CurlClientTests {
  struct Slow: Decodable, Equatable { let ms: Int }

  @Test func aFanOutSharesTheClientsOneMultiHandleAndKeepsRequestOrder() async throws {
    let client = CurlClient(configuration: CurlConfiguration())
    let http = HTTPClient { try await client.perform($0) }
    #expect(client.multiHandles == 0)  // nothing sent yet: no handle, no thread
    let base = try await TestServer.baseURL()
    for latencies in [[300, 200, 100, 0, 50], [0, 100, 0, 200, 0]] {
      let results = try await FanOut.map(latencies) { ms in
        try await http.json(Slow.self, from: base.appending(path: "slow"), query: [.init(name: "ms", value: "\(ms)")])
      }
      #expect(results.map(\.ms) == latencies)
    }
    #expect(client.multiHandles == 1)
  }

  @Test func cancellingAFanOutLeavesTheSharedMultiHandleServingTheNextOne() async throws {
    let client = CurlClient(configuration: CurlConfiguration())
    let http = HTTPClient { try await client.perform($0) }
    let base = try await TestServer.baseURL()
    let tokens = (0..<5).map { _ in newToken() }
    let requests = tokens.map {
      HTTPRequest.get(base.appending(path: "hang"), query: [.init(name: "token", value: $0)])
    }
    let task = Task { try await FanOut.map(requests) { try await http.send($0) } }
    for token in tokens { await TestServer.arrivals.wait(for: token) }
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(http.activity.inFlight == 0)

    let latencies = [100, 0, 50]
    let results = try await FanOut.map(latencies) { ms in
      try await http.json(Slow.self, from: base.appending(path: "slow"), query: [.init(name: "ms", value: "\(ms)")])
    }
    #expect(results.map(\.ms) == latencies)
    #expect(client.multiHandles == 1)
  }
}
