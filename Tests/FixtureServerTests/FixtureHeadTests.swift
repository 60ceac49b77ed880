import FixtureServer
import Foundation
import Testing

/// `HEAD` answers as json-server's Express does: the status and headers of the same `GET`, without a body.
@Suite("FixtureServer: HEAD")
struct FixtureHeadTests {
  /// `METHOD target` over a raw socket with `Connection: close`, so every byte the server sends is seen.
  private func raw(_ method: String, _ target: String, port: Int, headers: [String] = []) async throws -> RawExchange {
    let lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers
    return try await RawHTTPConnection.transmit(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), port: port)
  }

  @Test(
    "HEAD on a list, a paged list, an item, a singular resource and /db: the GET's status and headers, no body",
    arguments: ["/posts", "/posts?_page=1&_limit=2", "/posts/1", "/profile", "/db"])
  func headMirrorsGet(target: String) async throws {
    try await withFixtureServer { server async throws in
      let get = try await raw("GET", target, port: server.port)
      let head = try await raw("HEAD", target, port: server.port)
      #expect(get.status == 200)
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.failure == nil)
      for name in ["Content-Type", "Content-Length", "ETag", "Cache-Control", "X-Total-Count", "Link"] {
        #expect(head.header(name) == get.header(name), "\(name)")
      }
      #expect(head.header("Content-Length") == String(get.body.count))
    }
  }

  @Test("HEAD on an unknown id is the GET's 404, without its body")
  func headNotFound() async throws {
    try await withFixtureServer { server async throws in
      let head = try await raw("HEAD", "/posts/999999", port: server.port)
      #expect(head.status == 404)
      #expect(head.body.isEmpty)
      #expect(head.header("Content-Type") == "application/json; charset=utf-8")
      #expect(head.header("Content-Length") == "2")
    }
  }

  @Test("HEAD with the ETag in If-None-Match is 304, as a GET is")
  func headNotModified() async throws {
    try await withFixtureServer { server async throws in
      let get = try await raw("GET", "/posts", port: server.port)
      let etag = try #require(get.header("ETag"))
      let head = try await raw("HEAD", "/posts", port: server.port, headers: ["If-None-Match: \(etag)"])
      #expect(head.status == 304)
      #expect(head.body.isEmpty)
    }
  }
}
