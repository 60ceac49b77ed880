import FixtureServer
import Foundation
import Testing

/// CORS as json-server 0.17 answers it (the `cors` package with `{credentials: true}`), for the origins allowed
/// (`--cors`, ``FixtureServer/Configuration/allowedOrigins``, and the server's own): the request's `Origin` reflected
/// with `Vary: Origin` and credentials allowed on every response; `OPTIONS` a `204` preflight answer on any path.
/// Other origins: `RequestGuardTests`.
@Suite("FixtureServer: CORS")
struct FixtureCORSTests {
  private func allowing(_ origins: String...) -> FixtureServer.Configuration {
    FixtureServer.Configuration(allowedOrigins: origins)
  }

  private func raw(_ method: String, _ target: String, port: Int, headers: [String] = []) async throws -> RawExchange {
    let lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers
    return try await RawHTTPConnection.transmit(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), port: port)
  }

  @Test("a browser's preflight for PATCH with Content-Type is 204 with the methods and its headers allowed")
  func preflight() async throws {
    try await withFixtureServer(allowing("http://127.0.0.1:8080")) { server async throws in
      let reply = try await raw(
        "OPTIONS", "/posts/1", port: server.port,
        headers: [
          "Origin: http://127.0.0.1:8080", "Access-Control-Request-Method: PATCH",
          "Access-Control-Request-Headers: content-type,x-custom",
        ])
      #expect(reply.status == 204)
      #expect(reply.body.isEmpty)
      #expect(reply.header("Access-Control-Allow-Origin") == "http://127.0.0.1:8080")
      #expect(reply.header("Access-Control-Allow-Credentials") == "true")
      #expect(reply.header("Access-Control-Allow-Methods") == "GET,HEAD,PUT,PATCH,POST,DELETE")
      #expect(reply.header("Access-Control-Allow-Headers") == "content-type,x-custom")
      #expect(reply.header("Vary") == "Origin, Access-Control-Request-Headers")
    }
  }

  @Test("a preflight without requested headers allows none, and any path (even unknown) answers it")
  func preflightAnywhere() async throws {
    try await withFixtureServer(allowing("http://example.test")) { server async throws in
      for target in ["/posts", "/nothing/here/at/all", "/profile"] {
        let reply = try await raw(
          "OPTIONS", target, port: server.port,
          headers: ["Origin: http://example.test", "Access-Control-Request-Method: DELETE"])
        #expect(reply.status == 204, "\(target)")
        #expect(reply.header("Access-Control-Allow-Headers") == nil, "\(target)")
        #expect(reply.header("Access-Control-Allow-Origin") == "http://example.test", "\(target)")
      }
    }
  }

  @Test("reads, writes and errors reflect the Origin with Vary and credentials")
  func actualRequests() async throws {
    try await withFixtureServer(allowing("http://localhost:5173")) { server async throws in
      let origin = ["Origin": "http://localhost:5173"]
      let replies = [
        try await HTTPClient.get("/posts", on: server, headers: origin),
        try await HTTPClient.get("/posts/999999", on: server, headers: origin),
        try await HTTPClient.send("PATCH", "/posts/1", on: server, headers: origin, body: #"{"title": "x"}"#),
        try await HTTPClient.send("POST", "/posts", on: server, headers: origin, body: "[1]"),
      ]
      #expect(replies.map(\.status) == [200, 404, 200, 400])
      for reply in replies {
        #expect(reply.header("Access-Control-Allow-Origin") == "http://localhost:5173")
        #expect(reply.header("Access-Control-Allow-Credentials") == "true")
      }
      // A POST's also names the method-override header (FixtureMethodOverrideTests).
      #expect(replies.map { $0.header("Vary") } == ["Origin", "Origin", "Origin", "Origin, X-HTTP-Method-Override"])
    }
  }

  @Test("without an Origin (not a browser's cross-origin request) no Allow-Origin nor Allow-Credentials is sent")
  func noOrigin() async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.get("/posts", on: server)
      #expect(reply.status == 200)
      #expect(reply.header("Access-Control-Allow-Origin") == nil)
      // json-server sends `true` on every answer; only an allowed origin's answer grants credentials here.
      #expect(reply.header("Access-Control-Allow-Credentials") == nil)
      #expect(reply.header("Vary") == "Origin")
    }
  }

  @Test("the server's own origins are allowed without --cors (a page it served), on its own port only")
  func ownOrigin() async throws {
    try await withFixtureServer { server async throws in
      for origin in [
        "http://127.0.0.1:\(server.port)", "http://localhost:\(server.port)", "http://[::1]:\(server.port)",
      ] {
        let reply = try await HTTPClient.send(
          "PATCH", "/posts/1", on: server, headers: ["Origin": origin], body: #"{"title": "own"}"#)
        #expect(reply.status == 200, "\(origin)")
        #expect(reply.header("Access-Control-Allow-Origin") == origin)
      }
      let other = try await HTTPClient.get("/posts", on: server, headers: ["Origin": "http://127.0.0.1:9"])
      #expect(other.status == 200)
      #expect(other.header("Access-Control-Allow-Origin") == nil)
    }
  }
}
