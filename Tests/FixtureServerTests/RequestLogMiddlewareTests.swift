import FixtureServer
import Synchronization
import Testing

@Suite("RequestLogMiddleware: one line per request")
struct RequestLogMiddlewareTests {
  final class Lines: Sendable {
    let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  @Test("each request logs method, target and status")
  func logsRequests() async throws {
    let lines = Lines()
    try await withFixtureServer(FixtureServer.Configuration(requestLog: { lines.append($0) })) { server async throws in
      _ = try await HTTPClient.get("/posts?_limit=1", on: server)
      _ = try await HTTPClient.get("/nope", on: server)
    }
    #expect(lines.all.count == 2)
    #expect(lines.all.first?.hasPrefix("GET /posts?_limit=1 → 200 (") == true)
    #expect(lines.all.last?.hasPrefix("GET /nope → 404 (") == true)
  }
  @Test("writes log their method, target and status too")
  func logsWrites() async throws {
    let lines = Lines()
    try await withFixtureServer(FixtureServer.Configuration(requestLog: { lines.append($0) })) { server async throws in
      _ = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "x"}"#)
      _ = try await HTTPClient.send("PATCH", "/profile", on: server, body: "[]")
      _ = try await HTTPClient.send("DELETE", "/posts/9999", on: server)
    }
    let all = lines.all
    #expect(all.count == 3)
    #expect(all.first?.hasPrefix("POST /posts → 201 (") == true)
    #expect(all.dropFirst().first?.hasPrefix("PATCH /profile → 400 (") == true)
    #expect(all.last?.hasPrefix("DELETE /posts/9999 → 404 (") == true)
  }
}
