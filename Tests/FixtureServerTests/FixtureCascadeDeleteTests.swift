import FixtureData
import FixtureServer
import Foundation
import Testing

/// `DELETE` of a parent removes its dependents, as json-server 0.17's router does (`getRemovable`): afterwards
/// every item whose `<singular>Id` points at an item that no longer exists is removed too, in every list, and the
/// database file says so.
@Suite("FixtureServer: cascade DELETE")
struct FixtureCascadeDeleteTests {
  @Test("deleting post 1 removes its comments and keeps the others; the file on disk holds the result")
  func cascade() async throws {
    try await withTemporaryDirectory { directory in
      let url = try writeFile(relationalDatabaseText, in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        let reply = try await HTTPClient.send("DELETE", "/posts/1", on: server)
        #expect(reply.status == 200)
        #expect(try reply.object().isEmpty)
        #expect(ids(try await HTTPClient.get("/comments", on: server).objects()) == [3])
        #expect(ids(try await HTTPClient.get("/likes", on: server).objects()) == [1])
        let saved = try FixtureDatabase(contentsOf: url)
        #expect(saved == server.database)
        guard case .array(let comments)? = saved["comments"] else { throw HTTPClientError.unexpectedShape }
        #expect(comments.count == 1)
      }
    }
  }

  @Test("deleting a user removes its posts, and (one pass, as json-server) leaves those posts' comments")
  func onePass() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      #expect(try await HTTPClient.send("DELETE", "/users/2", on: server).status == 200)
      #expect(
        try await HTTPClient.get("/posts", on: server).objects().map { $0["title"] as? String } == [
          "first", "string id",
        ])
      // Comment 3 pointed at post 2, removed by the cascade: it stays until the next DELETE sweeps it.
      #expect(ids(try await HTTPClient.get("/comments", on: server).objects()) == [1, 2, 3])
      #expect(try await HTTPClient.send("DELETE", "/likes/1", on: server).status == 200)
      #expect(ids(try await HTTPClient.get("/comments", on: server).objects()) == [1, 2])
    }
  }

  @Test("a custom foreign key suffix and id field cascade along their own names")
  func customNames() async throws {
    let database = try FixtureDatabase(
      json: Array(#"{"posts": [{"key": "a"}], "comments": [{"key": 1, "post_ref": "a"}, {"key": 2}]}"#.utf8))
    let configuration = FixtureServer.Configuration(database: database, idField: "key", foreignKeySuffix: "_ref")
    try await withFixtureServer(configuration) { server async throws in
      #expect(try await HTTPClient.send("DELETE", "/posts/a", on: server).status == 200)
      #expect(try await HTTPClient.get("/comments", on: server).objects().map { $0["key"] as? Int } == [2])
    }
  }

  @Test("a DELETE that finds nothing changes nothing")
  func notFound() async throws {
    try await withFixtureServer(try relationalConfiguration()) { server async throws in
      let before = server.database
      #expect(try await HTTPClient.send("DELETE", "/posts/99", on: server).status == 404)
      #expect(server.database == before)
    }
  }

  @Test("on 5,000 posts and 10,000 comments, a DELETE cascades in seconds, not minutes, and writes go on after it")
  func largeData() async throws {
    let configuration = FixtureServer.Configuration(database: largeRelationalDatabase(count: 5_000))
    try await withFixtureServer(configuration) { server async throws in
      // A generous bound, a guard beside RelationsTests' count of the work: a scan per item took about a minute.
      let start = ContinuousClock.now
      #expect(try await HTTPClient.send("DELETE", "/posts/1", on: server).status == 200)
      #expect(try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "new"}"#).status == 201)
      let elapsed = ContinuousClock.now - start
      #expect(elapsed < .seconds(20), "took \(elapsed)")
      // Comment 1 (its post deleted) and the 5,000 whose post never existed are gone.
      guard case .array(let comments)? = server.database["comments"] else { throw HTTPClientError.unexpectedShape }
      #expect(comments.count == 4_999)
    }
  }
}
