import FixtureServer
import Foundation
import Testing

/// Every 404 has one shape: `{}` as JSON, whatever the path, as json-server answers its unknown routes.
@Suite("FixtureServer: 404 shape")
struct FixtureNotFoundTests {
  @Test(
    "a deeper unknown path is 404 {} with the JSON content type, as an unknown id is",
    arguments: [
      ("GET", "/posts/1/x"), ("GET", "/posts/1/x/y/z"), ("GET", "/nothing/1/2"),
      ("POST", "/posts/1/x"), ("PATCH", "/posts/1/x"), ("PUT", "/a/b/c"), ("DELETE", "/posts/1/x"),
      ("GET", "/posts/999999"),
    ])
  func deeperPath(method: String, path: String) async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.send(method, path, on: server)
      #expect(reply.status == 404)
      #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
      #expect(reply.header("Cache-Control") == "no-cache")
      #expect(try reply.object().isEmpty)
    }
  }
}
