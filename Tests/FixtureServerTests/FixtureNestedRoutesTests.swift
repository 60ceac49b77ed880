import FixtureServer
import Foundation
import Testing

/// json-server 0.17's nested routes: `GET /posts/1/comments` is `/comments?postId=1` with the rest of the query,
/// `POST /posts/1/comments` creates a comment of post 1, and `GET`/`PUT`/`DELETE /posts/1/comments/2` act on
/// comment 2.
@Suite("FixtureServer: nested routes")
struct FixtureNestedRoutesTests {
  @Test("GET /posts/1/comments lists post 1's comments, with every query parameter still applied")
  func nestedGet() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      #expect(ids(try await HTTPClient.get("/posts/1/comments", on: server).objects()) == [1, 2])
      #expect(ids(try await HTTPClient.get("/posts/2/comments", on: server).objects()) == [3])
      let sorted = try await HTTPClient.get("/posts/1/comments?_sort=id&_order=desc&_limit=1", on: server)
      #expect(ids(try sorted.objects()) == [2])
      #expect(sorted.header("X-Total-Count") == "2")
      #expect(try await HTTPClient.get("/posts/1/comments?q=c2", on: server).objects().count == 1)
      // The path's id wins over a postId in the query, as json-server's rewrite sets it.
      #expect(ids(try await HTTPClient.get("/posts/1/comments?postId=2", on: server).objects()) == [1, 2])
      let embedded = try await HTTPClient.get("/users/1/posts?_embed=comments", on: server).objects()
      #expect(embedded.map { $0["title"] as? String } == ["first", "string id"])
      #expect(ids(embedded[0]["comments"] as? [[String: Any]] ?? []) == [1, 2])
    }
  }

  @Test("POST /posts/1/comments sets postId to the parent's id, a number for a numeric id, then GET finds it")
  func nestedPost() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      let created = try await HTTPClient.send(
        "POST", "/posts/1/comments", on: server, headers: ["Content-Type": "application/json"],
        body: #"{"body": "new", "postId": 2}"#)
      #expect(created.status == 201)
      let comment = try created.object()
      #expect(comment["postId"] as? Int == 1)
      #expect(comment["id"] as? Int == 4)
      #expect(created.header("Location") == "\(server.baseURL.absoluteString)/posts/1/comments/4")
      #expect(ids(try await HTTPClient.get("/posts/1/comments", on: server).objects()) == [1, 2, 4])
      let post = try await HTTPClient.get("/posts/1?_embed=comments", on: server).object()
      #expect(ids(post["comments"] as? [[String: Any]] ?? []) == [1, 2, 4])
      // A string id stays a string; a parent that does not exist still gets its id, numeric when written so.
      let stringParent = try await HTTPClient.send("POST", "/posts/x/comments", on: server, body: "{}").object()
      #expect(stringParent["postId"] as? String == "x")
      let missing = try await HTTPClient.send("POST", "/posts/77/comments", on: server, body: "{}").object()
      #expect(missing["postId"] as? Int == 77)
      let padded = try await HTTPClient.send("POST", "/posts/077/comments", on: server, body: "{}").object()
      #expect(padded["postId"] as? String == "077")
    }
  }

  @Test("GET, PUT and DELETE /posts/1/comments/2 act on comment 2; PATCH there and other methods are 404 {}")
  func nestedItem() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      let json = ["Content-Type": "application/json"]
      #expect(try await HTTPClient.get("/posts/1/comments/2", on: server).object()["body"] as? String == "c2")
      let put = try await HTTPClient.send(
        "PUT", "/posts/1/comments/2", on: server, headers: json, body: #"{"body": "p"}"#)
      #expect(put.status == 200)
      #expect(try put.object()["body"] as? String == "p")
      let patch = try await HTTPClient.send("PATCH", "/posts/1/comments/2", on: server, headers: json, body: "{}")
      #expect(patch.status == 404)
      #expect(try patch.object().isEmpty)
      #expect(try await HTTPClient.send("PUT", "/posts/1/comments", on: server, body: "{}").status == 404)
      #expect(try await HTTPClient.send("DELETE", "/posts/1/comments/2", on: server).status == 200)
      #expect(try await HTTPClient.get("/comments/2", on: server).status == 404)
      #expect(try await HTTPClient.get("/posts/1/comments/2/x", on: server).status == 404)
    }
  }

  @Test("a nested write on a read-only server is 403; an unknown nested list 404")
  func refusals() async throws {
    var configuration = try relationalConfiguration()
    configuration.readOnly = true
    try await withFixtureServer(configuration) { server async throws in
      #expect(try await HTTPClient.send("POST", "/posts/1/comments", on: server, body: "{}").status == 403)
      #expect(try await HTTPClient.get("/posts/1/nothing", on: server).status == 404)
    }
  }

  @Test("HEAD on a nested list answers as its GET, without the body; X-HTTP-Method-Override reaches nested routes")
  func headAndOverride() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      let get = try await HTTPClient.get("/posts/1/comments", on: server)
      let head = try await HTTPClient.send("HEAD", "/posts/1/comments", on: server)
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.header("Content-Length") == get.header("Content-Length"))
      #expect(head.header("ETag") == get.header("ETag"))
      let deleted = try await HTTPClient.send(
        "POST", "/posts/1/comments/1", on: server, headers: ["X-HTTP-Method-Override": "DELETE"])
      #expect(deleted.status == 200)
      #expect(ids(try await HTTPClient.get("/posts/1/comments", on: server).objects()) == [2])
    }
  }
}
