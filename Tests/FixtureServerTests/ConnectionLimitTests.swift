import FixtureData
import FixtureServer
import Foundation
import Testing

/// At most `maximumConnections` connections are served at once; past it a new connection is told so in HTTP.
@Suite("FixtureServer: the connection limit")
struct ConnectionLimitTests {
  @Test(
    "past the limit a new connection is answered 503 with Retry-After and Connection: close; a freed one serves again")
  func refusal() async throws {
    try await withFixtureServer(FixtureServer.Configuration(maximumConnections: 2)) { server async throws in
      let port = server.port
      // Two connections held open, each answered once (so each is being served), on threads of their own.
      let release = DispatchSemaphore(value: 0)
      let held = AsyncStream.makeStream(of: Int?.self)
      let holders = Task {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for _ in 0..<2 {
            group.addTask {
              try await RawSocket.conversation(port: port) { socket in
                try socket.send("GET /profile HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
                held.continuation.yield(try socket.readResponse())
                release.wait()
              }
            }
          }
          try await group.waitForAll()
        }
      }
      var statuses: [Int?] = []
      for await status in held.stream {
        statuses.append(status)
        if statuses.count == 2 { break }
      }
      #expect(statuses == [200, 200])

      let refused = try await RawHTTPConnection.get("/profile", port: port)
      #expect(refused.status == 503)
      #expect(refused.header("Connection") == "close")
      #expect(refused.header("Retry-After") == "1")
      #expect(refused.header("Content-Type") == "application/json; charset=utf-8")
      let body = try JSONParser.parse(refused.body)
      #expect(
        body["error"]
          == .string("the server has 2 connections open, its limit; close one or try again in a moment"))

      release.signal()
      release.signal()
      try await holders.value
      // The two closed: a new connection is served again (the server notices the closes as they arrive).
      #expect(try await eventually { try await RawHTTPConnection.get("/profile", port: port).status == 200 })
    }
  }

  @Test("a limit outside 1…100000 does not start")
  func bounds() async throws {
    for limit in [0, -1, 100_001] {
      await #expect(
        throws: FixtureServerError.invalidConfiguration(
          reason: "the connection limit must be within 1...100000, got \(limit)")
      ) {
        try await startServer(FixtureServer.Configuration(maximumConnections: limit))
      }
    }
  }
}
