import FixtureData
import FixtureServer
import Foundation
import Testing

extension HeavyTests {
  /// Reads over many items run on worker threads, a turn at a time, never on the threads that serve the others: a
  /// long read used to hold a thread of Swift's cooperative pool, and two of them (on two processors) every request.
  @Suite("Long reads")
  struct HeavyWorkRunnerTests {
    /// `items`, a list that a full-text search (`q`) takes a debug build a second or more to go through, and
    /// `small`, one item.
    static func database() -> FixtureDatabase {
      let text = String(repeating: "some words to search through ", count: 30)
      let items = (1...60_000).map { id in
        JSONValue.object(JSONObject([("id", .integer(id)), ("title", .string("item \(id): \(text)"))]))
      }
      return FixtureDatabase(
        root: JSONObject([("items", .array(items)), ("small", .array([.object(JSONObject([("id", .integer(1))]))]))]))
    }

    @Test("while long reads run, a small request is answered before any of them, not queued behind them")
    func smallRequestsKeepGoing() async throws {
      try await withFixtureServer(FixtureServer.Configuration(database: Self.database())) { server async throws in
        let port = server.port
        let finished = LogLines()
        let started = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
          for _ in 0..<3 {
            group.addTask {
              // A one-item read, then the long one pipelined behind it on the same connection: once the first is
              // answered, the server is at the second.
              let status = try await RawSocket.conversation(port: port) { socket in
                try socket.send(
                  "GET /small HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\nGET /items?q=no-such-text HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
                )
                _ = try socket.readResponse()
                started.continuation.yield()
                return try socket.readResponse()
              }
              #expect(status == 200)
              finished.log("long")
            }
          }
          var running = 0
          for await _ in started.stream {
            running += 1
            if running == 3 { break }
          }
          // Sent while the long reads run; blocked behind them, it would end after at least one of them.
          let reply = try await RawHTTPConnection.get("/small", port: port)
          #expect(reply.status == 200)
          finished.log("small")
          try await group.waitForAll()
        }
        // Ordering, not wall-clock bounds: a loaded machine slows both alike.
        #expect(finished.all == ["small", "long", "long", "long"])
      }
    }
  }
}
