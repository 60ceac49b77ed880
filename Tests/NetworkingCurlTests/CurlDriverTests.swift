import Foundation
import Networking
import NetworkingCurl
import Testing

@Suite("Cancellation: the driver removes the handle and the task throws CancellationError at once")
struct CurlDriverTests {
  let http = HTTPClient.curl()

  private func hang(_ base: URL, _ token: String) -> HTTPRequest {
    .get(base.appending(path: "hang"), query: [.init(name: "token", value: token)])
  }

  @Test func cancellingMidFlightThrowsCancellationErrorWithinMilliseconds() async throws {
    let base = try await TestServer.baseURL()
    let http = self.http
    let token = newToken()
    let request = hang(base, token)
    let task = Task { try await http.send(request) }
    await TestServer.arrivals.wait(for: token)
    #expect(http.activity.inFlight == 1)
    let (result, elapsed) = await milliseconds {
      task.cancel()
      return await task.result
    }
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(elapsed < 250, "cancellation took \(elapsed) ms")
    #expect(http.activity.inFlight == 0)
  }

  @Test func alreadyCancelledTaskNeverSends() async throws {
    let base = try await TestServer.baseURL()
    let http = self.http
    let token = newToken()
    let request = hang(base, token)
    let result = await withTaskGroup(of: Result<HTTPResponse, any Error>.self) { group in
      group.cancelAll()
      group.addTask {
        do { return .success(try await http.send(request)) } catch { return .failure(error) }
      }
      return await group.next()!
    }
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test func cancellingAFiveWayFanOutReturnsAtOnce() async throws {
    let base = try await TestServer.baseURL()
    let http = self.http
    let tokens = (0..<5).map { _ in newToken() }
    let requests = tokens.map { hang(base, $0) }
    let task = Task { try await FanOut.map(requests) { try await http.send($0) } }
    for token in tokens { await TestServer.arrivals.wait(for: token) }
    let (result, elapsed) = await milliseconds {
      task.cancel()
      return await task.result
    }
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(elapsed < 250, "cancellation took \(elapsed) ms")
    #expect(http.activity.inFlight == 0)
  }

  @Test func firstFailureCancelsTheSiblings() async throws {
    let base = try await TestServer.baseURL()
    let http = self.http
    let tokens = (0..<3).map { _ in newToken() }
    let (result, elapsed) = await milliseconds {
      await capture {
        try await FanOut.allOf(
          tokens.map { token in { try await http.data(hang(base, token)) } }
            + [{ try await http.data(.get(base.appending(path: "status/503"))) }]
        )
      }
    }
    #expect(throws: HTTPError.serverError(status: 503, url: base.appending(path: "status/503"))) { try result.get() }
    #expect(elapsed < 5_000, "siblings were not cancelled: \(elapsed) ms")
    #expect(http.activity.inFlight == 0)
  }

  @Test func manyRacingCancellationsNeverHang() async throws {
    let base = try await TestServer.baseURL()
    let http = self.http
    for round in 0..<100 {
      let requests = (0..<10).map { _ in hang(base, "race-\(round)") }
      let task = Task { try await FanOut.map(requests) { try await http.send($0) } }
      if round.isMultiple(of: 2) { await Task.yield() }
      task.cancel()
      let result = await task.result
      #expect(throws: CancellationError.self) { try result.get() }
    }
    #expect(http.activity.inFlight == 0)
  }

  @Test func requestsStillWorkAfterCancellations() async throws {
    let base = try await TestServer.baseURL()
    let http = self.http
    let token = newToken()
    let task = Task { try await http.send(hang(base, token)) }
    await TestServer.arrivals.wait(for: token)
    task.cancel()
    _ = await task.result
    #expect(try await http.json([Item].self, from: base.appending(path: "items")).count == 12)
  }
}

/// The outcome of `body` as a `Result`.
func capture<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
  do { return .success(try await body()) } catch { return .failure(error) }
}
