import FixtureData
import FixtureServer
import Foundation
import Testing

/// json-server's flags that change what is served, as `FixtureServer.Configuration` takes them: `--id`,
/// `--foreignKeySuffix`, `--no-cors`; the home page; and configurations refused at start.
@Suite("FixtureServer: --id, --foreignKeySuffix, --no-cors, home page")
struct FixtureOptionsTests {
  @Test("--id: items are found, created and kept by another field; POST numbers it after the largest")
  func idField() async throws {
    let database = try FixtureDatabase(
      json: Array(#"{"dishes": [{"code": 7, "name": "ramen"}, {"code": 3, "name": "udon", "id": 100}]}"#.utf8))
    try await withFixtureServer(FixtureServer.Configuration(database: database, idField: "code")) {
      server async throws in
      #expect(try await HTTPClient.get("/dishes/7", on: server).object()["name"] as? String == "ramen")
      #expect(try await HTTPClient.get("/dishes/100", on: server).status == 404)
      let created = try await HTTPClient.send("POST", "/dishes", on: server, body: #"{"name": "soba"}"#)
      #expect(try created.object()["code"] as? Int == 8)
      #expect(created.header("Location") == "\(server.baseURL.absoluteString)/dishes/8")
      let patched = try await HTTPClient.send("PATCH", "/dishes/3", on: server, body: #"{"code": 1, "name": "x"}"#)
      #expect(try patched.object()["code"] as? Int == 3)
      let taken = try await HTTPClient.send("POST", "/dishes", on: server, body: #"{"code": 7}"#)
      #expect(taken.status == 409)
    }
  }

  @Test("--foreignKeySuffix: _embed and nested routes use <singular><suffix>")
  func foreignKeySuffix() async throws {
    let database = try FixtureDatabase(
      json: Array(#"{"posts": [{"id": 1}], "comments": [{"id": 1, "post_id": 1}, {"id": 2, "postId": 1}]}"#.utf8))
    let configuration = FixtureServer.Configuration(database: database, foreignKeySuffix: "_id")
    try await withFixtureServer(configuration) { server async throws in
      let post = try await HTTPClient.get("/posts/1?_embed=comments", on: server).object()
      #expect(ids(post["comments"] as? [[String: Any]] ?? []) == [1])
      #expect(ids(try await HTTPClient.get("/posts/1/comments", on: server).objects()) == [1])
      let created = try await HTTPClient.send("POST", "/posts/1/comments", on: server, body: "{}").object()
      #expect(created["post_id"] as? Int == 1)
    }
  }

  @Test("--no-cors: no Access-Control header with an Origin, and OPTIONS is 204 with Allow but no approval")
  // (A preflight from another origin is refused before this, with 403: RequestGuardTests.)
  func noCORS() async throws {
    var configuration = FixtureServer.Configuration()
    configuration.allowsCrossOrigin = false
    try await withFixtureServer(configuration) { server async throws in
      let reply = try await HTTPClient.get("/posts", on: server, headers: ["Origin": "http://127.0.0.1:9"])
      #expect(reply.status == 200)
      #expect(reply.headers.keys.filter { $0.lowercased().hasPrefix("access-control") }.isEmpty)
      let preflight = try await RawHTTPConnection.transmit(
        Array(
          ("OPTIONS /posts/1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
            + "Access-Control-Request-Method: PATCH\r\n\r\n").utf8), port: server.port)
      #expect(preflight.status == 204)
      #expect(preflight.header("Allow") == "GET,HEAD,PUT,PATCH,POST,DELETE")
      #expect(preflight.header("Access-Control-Allow-Origin") == nil)
      #expect(preflight.header("Access-Control-Allow-Methods") == nil)
    }
  }

  @Test("GET / is an HTML page linking every resource and /db, names escaped")
  func homePage() async throws {
    let database = try FixtureDatabase(json: Array(#"{"posts": [{"id": 1}], "a<b": {"x": 1}}"#.utf8))
    try await withFixtureServer(FixtureServer.Configuration(database: database)) { server async throws in
      let reply = try await HTTPClient.get("/", on: server)
      #expect(reply.status == 200)
      #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
      let page = String(decoding: reply.body, as: UTF8.self)
      #expect(page.contains(#"<li><a href="/posts">/posts</a> (1 item)</li>"#))
      #expect(page.contains(#"<li><a href="/a%3Cb">/a%3Cb</a> (singular)</li>"#))
      #expect(page.contains(#"<a href="/db">/db</a>"#))
      #expect(!page.contains("a<b"))
    }
  }

  @Test(
    "a configuration that cannot be is refused at start with a sentence",
    arguments: [
      (FixtureServer.Configuration(idField: ""), "the id field must be 1…256 characters, got 0"),
      (FixtureServer.Configuration(foreignKeySuffix: ""), "the foreign key suffix must be 1…256 characters, got 0"),
      (
        FixtureServer.Configuration(watchesDatabaseFile: true),
        "watching needs a database file (kumiki-api --watch needs --db FILE)"
      ),
    ])
  func refused(configuration: FixtureServer.Configuration, message: String) async throws {
    await #expect(throws: FixtureServerError.invalidConfiguration(reason: message)) {
      try await startServer(configuration)
    }
  }
}
