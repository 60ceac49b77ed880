import FixtureServer
import Foundation
import Testing

/// Conditional GETs: every successful read carries an ETag of its body; `If-None-Match` with it is answered 304
/// without a body, and a write changes the tag.
@Suite("FixtureServer: ETag and 304")
struct FixtureETagTests {
  @Test("a GET's ETag answers If-None-Match with 304 and no body")
  func notModified() async throws {
    try await withFixtureServer { server async throws in
      let first = try await HTTPClient.get("/posts", on: server)
      let etag = try #require(first.header("ETag"))
      #expect(etag.hasPrefix("W/\""))
      #expect(try await HTTPClient.get("/posts", on: server).header("ETag") == etag)  // stable

      let again = try await HTTPClient.get("/posts", on: server, headers: ["If-None-Match": etag])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
      #expect(again.header("ETag") == etag)

      let other = try await HTTPClient.get("/posts", on: server, headers: ["If-None-Match": "W/\"0-0\""])
      #expect(other.status == 200)
      #expect(other.body == first.body)
    }
  }

  @Test("a write changes the ETag, so a stale tag gets the new body")
  func writeChangesTheTag() async throws {
    try await withFixtureServer { server async throws in
      let before = try #require(try await HTTPClient.get("/profile", on: server).header("ETag"))
      let patched = try await HTTPClient.send(
        "PATCH", "/profile", on: server, body: #"{"nickname": "ETagの人"}"#)
      #expect(patched.status == 200)
      let after = try await HTTPClient.get("/profile", on: server, headers: ["If-None-Match": before])
      #expect(after.status == 200)
      #expect(after.header("ETag") != before)
      #expect(String(decoding: after.body, as: UTF8.self).contains("ETagの人"))
    }
  }

  @Test("every answer carries the ETag of its body, as Express's res.send: a 201, a write's 200, a 404, a 409")
  func writesAndErrorsCarryTheTag() async throws {
    try await withFixtureServer { server async throws in
      let created = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "タグ"}"#)
      #expect(created.status == 201)
      let createdTag = try #require(created.header("ETag"))
      let location = try #require(created.header("Location"))
      let path = String(location.dropFirst(server.baseURL.absoluteString.count))
      #expect(try await HTTPClient.get(path, on: server).header("ETag") == createdTag)  // the same body, the same tag

      let patched = try await HTTPClient.send("PATCH", path, on: server, body: #"{"title": "タグ2"}"#)
      #expect(patched.status == 200)
      #expect(patched.header("ETag") == (try await HTTPClient.get(path, on: server)).header("ETag"))

      let missing = try await HTTPClient.get("/posts/999999", on: server)
      let deeper = try await HTTPClient.send("DELETE", "/posts/1/x", on: server)
      #expect(missing.status == 404)
      #expect(deeper.status == 404)
      #expect(missing.header("ETag") != nil)
      #expect(deeper.header("ETag") == missing.header("ETag"))  // both `{}`

      let duplicate = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"id": 1}"#)
      #expect(duplicate.status == 409)
      #expect(duplicate.header("ETag") != nil)
    }
  }

  @Test("a 404's tag in If-None-Match is no 304: only a successful answer is fresh")
  func notFoundIsNeverNotModified() async throws {
    try await withFixtureServer { server async throws in
      let missing = try await HTTPClient.get("/posts/999999", on: server)
      let etag = try #require(missing.header("ETag"))
      let again = try await HTTPClient.get("/posts/999999", on: server, headers: ["If-None-Match": etag])
      #expect(again.status == 404)
      #expect(try again.object().isEmpty)
    }
  }
}
