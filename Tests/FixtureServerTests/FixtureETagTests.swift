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
      let first = try await HTTPClient.get("/recent_news", on: server)
      let etag = try #require(first.header("ETag"))
      #expect(etag.hasPrefix("W/\""))
      #expect(try await HTTPClient.get("/recent_news", on: server).header("ETag") == etag)  // stable

      let again = try await HTTPClient.get("/recent_news", on: server, headers: ["If-None-Match": etag])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
      #expect(again.header("ETag") == etag)

      let other = try await HTTPClient.get("/recent_news", on: server, headers: ["If-None-Match": "W/\"0-0\""])
      #expect(other.status == 200)
      #expect(other.body == first.body)
    }
  }

  @Test("a write changes the ETag, so a stale tag gets the new body")
  func writeChangesTheTag() async throws {
    try await withFixtureServer { server async throws in
      let before = try #require(try await HTTPClient.get("/profile_personal", on: server).header("ETag"))
      let patched = try await HTTPClient.send(
        "PATCH", "/profile_personal", on: server, body: #"{"nickname": "ETagの人"}"#)
      #expect(patched.status == 200)
      let after = try await HTTPClient.get("/profile_personal", on: server, headers: ["If-None-Match": before])
      #expect(after.status == 200)
      #expect(after.header("ETag") != before)
      #expect(String(decoding: after.body, as: UTF8.self).contains("ETagの人"))
    }
  }
}
