import FixtureServer
import Foundation
import Testing

/// `_embed` and `_expand` over HTTP, as json-server 0.17.4's `plural.js` applies them: on a list (after paging) and
/// on one item, single and repeated.
@Suite("FixtureServer: _embed and _expand")
struct FixtureRelationsTests {
  @Test("_embed=comments on /posts adds each post's comments (postId = id); a string id embeds none of the numbers")
  func embedList() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      let posts = try await HTTPClient.get("/posts?_embed=comments", on: server).objects()
      #expect(posts.count == 3)
      #expect(ids(posts[0]["comments"] as? [[String: Any]] ?? []) == [1, 2])
      #expect(ids(posts[1]["comments"] as? [[String: Any]] ?? []) == [3])
      #expect((posts[2]["comments"] as? [Any])?.isEmpty == true)
    }
  }

  @Test("_embed repeated on one item embeds each list; an unknown list embeds []")
  func embedRepeatedOnItem() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      let reply = try await HTTPClient.get("/posts/2?_embed=comments&_embed=likes&_embed=nothing", on: server)
      #expect(reply.status == 200)
      let post = try reply.object()
      #expect(ids(post["comments"] as? [[String: Any]] ?? []) == [3])
      #expect(ids(post["likes"] as? [[String: Any]] ?? []) == [1])
      #expect((post["nothing"] as? [Any])?.isEmpty == true)
      // The stored post is not changed by embedding.
      #expect(try await HTTPClient.get("/posts/2", on: server).object().keys.sorted() == ["id", "title", "userId"])
    }
  }

  @Test("_expand=post on /comments adds the parent post; _expand=user on a post adds its user")
  func expand() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      let comments = try await HTTPClient.get("/comments?_expand=post", on: server).objects()
      #expect(comments.map { ($0["post"] as? [String: Any])?["title"] as? String } == ["first", "first", "second"])
      let post = try await HTTPClient.get("/posts/x?_expand=user", on: server).object()
      #expect((post["user"] as? [String: Any])?["name"] as? String == "ann")
    }
  }

  @Test("_embed and _expand together and repeated, after filtering and paging, with the paging headers kept")
  func combined() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      let reply = try await HTTPClient.get(
        "/posts?_page=1&_limit=1&_embed=comments&_embed=likes&_expand=user", on: server)
      #expect(reply.header("X-Total-Count") == "3")
      let posts = try reply.objects()
      #expect(ids(posts) == [1])
      #expect(Array(posts[0].keys).sorted() == ["comments", "id", "likes", "title", "user", "userId"])
      #expect((posts[0]["user"] as? [String: Any])?["name"] as? String == "ann")
    }
  }

  @Test("a parent that does not exist leaves no member; a singular resource ignores both")
  func missing() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      _ = try await HTTPClient.send(
        "POST", "/comments", on: server, headers: ["Content-Type": "application/json"],
        body: #"{"id": 9, "postId": 99, "post": "stale"}"#)
      let orphan = try await HTTPClient.get("/comments/9?_expand=post", on: server).object()
      #expect(orphan["post"] == nil)
      let profile = try await HTTPClient.get("/profile?_embed=comments&_expand=user", on: server).object()
      #expect(Array(profile.keys) == ["name"])
    }
  }

  @Test("on 5,000 posts and 10,000 comments, _embed and _expand answer in seconds, not minutes")
  func largeData() async throws {
    let configuration = FixtureServer.Configuration(database: largeRelationalDatabase(count: 5_000))
    try await withFixtureServer(configuration) { server async throws in
      // A generous bound, a guard beside RelationsTests' count of the work: a scan per item took about a minute.
      let start = ContinuousClock.now
      let posts = try await HTTPClient.get("/posts?_embed=comments", on: server).objects()
      #expect(posts.count == 5_000)
      #expect((posts.last?["comments"] as? [Any])?.count == 1)
      let comments = try await HTTPClient.get("/comments?_expand=post", on: server).objects()
      #expect(comments.count == 10_000)
      #expect(comments.filter { $0["post"] != nil }.count == 5_000)
      let elapsed = ContinuousClock.now - start
      #expect(elapsed < .seconds(20), "took \(elapsed)")
    }
  }
}
