import FixtureServer
import Foundation
import Testing

/// Conditional writes over a real loopback server: `If-Match` names the version of the item the writer saw (its
/// `ETag`), and a write over a version it did not see is `412` with the item as it is now. Tags are per item.
@Suite("FixtureServer: If-Match and 412")
struct IfMatchTests {
  @Test("a PATCH with the item's ETag is done; one with an older tag is 412 with the item as it is now, unchanged")
  func staleTagIsPreconditionFailed() async throws {
    try await withFixtureServer { server async throws in
      let seen = try #require(try await HTTPClient.get("/posts/1", on: server).header("ETag"))
      let mine = try await HTTPClient.send(
        "PATCH", "/posts/1", on: server, headers: ["If-Match": seen], body: #"{"title": "first writer"}"#)
      #expect(mine.status == 200)
      #expect(try mine.object()["title"] as? String == "first writer")

      // A second writer still holding the first tag did not see that change.
      let theirs = try await HTTPClient.send(
        "PATCH", "/posts/1", on: server, headers: ["If-Match": seen], body: #"{"title": "second writer"}"#)
      #expect(theirs.status == 412)
      #expect(try theirs.object()["title"] as? String == "first writer")
      let now = try await HTTPClient.get("/posts/1", on: server)
      #expect(try now.object()["title"] as? String == "first writer")
      #expect(theirs.header("ETag") == now.header("ETag"))  // the current tag, to write over it knowingly

      let over = try await HTTPClient.send(
        "PATCH", "/posts/1", on: server, headers: ["If-Match": try #require(theirs.header("ETag"))],
        body: #"{"title": "second writer"}"#)
      #expect(over.status == 200)
      #expect(try over.object()["title"] as? String == "second writer")
    }
  }

  @Test("tags are per item: a change to another item of the list does not fail the condition")
  func unrelatedWritesDoNotConflict() async throws {
    try await withFixtureServer { server async throws in
      let seen = try #require(try await HTTPClient.get("/posts/1", on: server).header("ETag"))
      let listTag = try await HTTPClient.get("/posts", on: server).header("ETag")
      let other = try await HTTPClient.send("PATCH", "/posts/2", on: server, body: #"{"title": "elsewhere"}"#)
      #expect(other.status == 200)
      #expect(try await HTTPClient.get("/posts", on: server).header("ETag") != listTag)  // the list changed

      let mine = try await HTTPClient.send(
        "PUT", "/posts/1", on: server, headers: ["If-Match": seen], body: #"{"title": "mine"}"#)
      #expect(mine.status == 200)
      let deleted = try await HTTPClient.send(
        "DELETE", "/posts/1", on: server, headers: ["If-Match": try #require(mine.header("ETag"))])
      #expect(deleted.status == 200)
    }
  }

  @Test("a singular resource is conditional too; * matches whatever is there, a strong spelling of a weak tag too")
  func singularStarAndWeakComparison() async throws {
    try await withFixtureServer { server async throws in
      let seen = try #require(try await HTTPClient.get("/profile", on: server).header("ETag"))
      let strong = String(seen.dropFirst(2))
      let first = try await HTTPClient.send(
        "PATCH", "/profile", on: server, headers: ["If-Match": "\"nope\", \(strong)"], body: #"{"nickname": "A"}"#)
      #expect(first.status == 200)
      let stale = try await HTTPClient.send(
        "PATCH", "/profile", on: server, headers: ["If-Match": seen], body: #"{"nickname": "B"}"#)
      #expect(stale.status == 412)
      #expect(try stale.object()["nickname"] as? String == "A")
      let any = try await HTTPClient.send(
        "PATCH", "/profile", on: server, headers: ["If-Match": "*"], body: #"{"nickname": "C"}"#)
      #expect(any.status == 200)
    }
  }

  @Test("without If-Match a write behaves as before; a DELETE of a stale item is 412, of a missing one 404")
  func unconditionalAndMissing() async throws {
    try await withFixtureServer { server async throws in
      let seen = try #require(try await HTTPClient.get("/posts/1", on: server).header("ETag"))
      #expect(try await HTTPClient.send("PATCH", "/posts/1", on: server, body: #"{"title": "x"}"#).status == 200)
      #expect(try await HTTPClient.send("PATCH", "/posts/1", on: server, body: #"{"title": "y"}"#).status == 200)
      let stale = try await HTTPClient.send("DELETE", "/posts/1", on: server, headers: ["If-Match": seen])
      #expect(stale.status == 412)
      #expect(try await HTTPClient.get("/posts/1", on: server).status == 200)  // still there
      let missing = try await HTTPClient.send("DELETE", "/posts/999999", on: server, headers: ["If-Match": seen])
      #expect(missing.status == 404)
      let created = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["If-Match": seen], body: #"{"title": "new"}"#)
      #expect(created.status == 201)  // a new item has no version to compare
    }
  }

  @Test("a keyed write done once is answered again on a repeat, though the item's tag changed by it; a 412 is not kept")
  func idempotencyComesFirst() async throws {
    try await withFixtureServer { server async throws in
      let seen = try #require(try await HTTPClient.get("/posts/1", on: server).header("ETag"))
      let headers = ["If-Match": seen, "Idempotency-Key": "k-1"]
      let first = try await HTTPClient.send("PATCH", "/posts/1", on: server, headers: headers, body: #"{"title": "t"}"#)
      #expect(first.status == 200)
      // The answer was lost: the client sends it again, unchanged.
      let again = try await HTTPClient.send("PATCH", "/posts/1", on: server, headers: headers, body: #"{"title": "t"}"#)
      #expect(again.status == 200)
      #expect(again.header("Idempotent-Replayed") == "true")

      // A refused attempt is checked again when repeated: with the item's tag now, it is done.
      let stale = ["If-Match": seen, "Idempotency-Key": "k-2"]
      let refused = try await HTTPClient.send("PATCH", "/posts/1", on: server, headers: stale, body: #"{"title": "u"}"#)
      #expect(refused.status == 412)
      let current = try #require(refused.header("ETag"))
      let retried = try await HTTPClient.send(
        "PATCH", "/posts/1", on: server, headers: ["If-Match": current, "Idempotency-Key": "k-2"],
        body: #"{"title": "u"}"#)
      #expect(retried.status == 200)
      #expect(retried.header("Idempotent-Replayed") == nil)
    }
  }
}
