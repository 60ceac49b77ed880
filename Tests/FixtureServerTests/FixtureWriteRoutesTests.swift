import FixtureData
import FixtureServer
import Foundation
import Testing

/// Contract tests over real HTTP for json-server's writes, against the suite's own data (TestData, in memory) unless a test
/// says otherwise.
@Suite("FixtureWriteRoutes: POST, PUT, PATCH and DELETE over HTTP")
struct FixtureWriteRoutesTests {
  private func ids(_ objects: [[String: Any]]) -> [Int] {
    objects.compactMap { $0["id"] as? Int }
  }

  /// Expects a JSON reply with the conventions of every data response.
  private func expectJSON(_ reply: HTTPReply, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(reply.header("Content-Type") == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    // No Origin: credentials are granted only with an allowed origin's Access-Control-Allow-Origin (FixtureCORSTests).
    #expect(reply.header("Access-Control-Allow-Credentials") == nil, sourceLocation: sourceLocation)
    #expect(reply.header("Cache-Control") == "no-cache", sourceLocation: sourceLocation)
  }

  @Test("POST /list → 201 with the stored item, the largest id + 1, Location; GET sees it at once")
  func create() async throws {
    try await withFixtureServer { server async throws in
      let before = ids(try await HTTPClient.get("/posts", on: server).objects())
      let next = try #require(before.max()) + 1
      let reply = try await HTTPClient.send(
        "POST", "/posts", on: server, body: #"{"title": "新メニュー", "news_category": "お知らせ"}"#)
      #expect(reply.status == 201)
      expectJSON(reply)
      let created = try reply.object()
      #expect(created["id"] as? Int == next)
      #expect(created["title"] as? String == "新メニュー")
      #expect(reply.header("Location") == "\(server.baseURL.absoluteString)/posts/\(next)")
      #expect(reply.header("Access-Control-Expose-Headers") == "Location")

      #expect(ids(try await HTTPClient.get("/posts", on: server).objects()) == before + [next])
      let fetched = try await HTTPClient.get("/posts/\(next)", on: server).object()
      #expect(fetched["title"] as? String == "新メニュー")
    }
  }

  @Test("POST keeps a given id; an empty body stores an item with only an id")
  func createWithIDAndEmptyBody() async throws {
    try await withFixtureServer { server async throws in
      let given = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"id": 500, "title": "x"}"#)
      #expect(given.status == 201)
      #expect(try given.object()["id"] as? Int == 500)
      let empty = try await HTTPClient.send("POST", "/posts", on: server)
      #expect(empty.status == 201)
      #expect(try empty.object().keys.sorted() == ["id"])
      #expect(try empty.object()["id"] as? Int == 501)
    }
  }

  @Test("POST to a list with string ids gets a random 7-character string id")
  func createStringID() async throws {
    let custom = try FixtureDatabase(json: Array(#"{"posts": [{"id": "a1", "title": "x"}]}"#.utf8))
    try await withFixtureServer(FixtureServer.Configuration(database: custom)) { server async throws in
      let first = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "y"}"#).object()
      let second = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "z"}"#).object()
      let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
      let newIDs = [first["id"] as? String, second["id"] as? String].compactMap { $0 }
      #expect(newIDs.count == 2)
      #expect(newIDs.allSatisfy { $0.count == 7 && $0.allSatisfy(alphabet.contains) })
      #expect(Set(newIDs + ["a1"]).count == 3)
      let listed = try await HTTPClient.get("/posts", on: server).objects().compactMap { $0["id"] as? String }
      #expect(listed == ["a1"] + newIDs)
    }
  }

  @Test("PUT /list/:id replaces the item and keeps its id even when the body names another")
  func replace() async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.send(
        "PUT", "/posts/3", on: server, body: #"{"id": 77, "title": "差し替え"}"#)
      #expect(reply.status == 200)
      expectJSON(reply)
      let replaced = try reply.object()
      #expect(replaced.keys.sorted() == ["id", "title"])
      #expect(replaced["id"] as? Int == 3)
      let fetched = try await HTTPClient.get("/posts/3", on: server).object()
      #expect(fetched.keys.sorted() == ["id", "title"])
      #expect(fetched["title"] as? String == "差し替え")
      #expect(try await HTTPClient.get("/posts/77", on: server).status == 404)
    }
  }

  @Test("PATCH /list/:id merges the given fields shallowly and keeps the id and the other fields")
  func mergeItem() async throws {
    try await withFixtureServer { server async throws in
      let original = try await HTTPClient.get("/posts/4", on: server).object()
      let reply = try await HTTPClient.send(
        "PATCH", "/posts/4", on: server, body: #"{"id": 1000, "title": "更新", "pinned": true}"#)
      #expect(reply.status == 200)
      let merged = try reply.object()
      #expect(merged["id"] as? Int == 4)
      #expect(merged["title"] as? String == "更新")
      #expect(merged["pinned"] as? Bool == true)
      #expect(merged["published_at"] as? String == original["published_at"] as? String)
      #expect(Set(merged.keys) == Set(original.keys).union(["pinned"]))
      #expect(try await HTTPClient.get("/posts/4", on: server).object()["title"] as? String == "更新")
    }
  }

  @Test("DELETE /list/:id → 200 {}; the item is gone")
  func delete() async throws {
    try await withFixtureServer { server async throws in
      let before = ids(try await HTTPClient.get("/posts", on: server).objects())
      let reply = try await HTTPClient.send("DELETE", "/posts/5", on: server)
      #expect(reply.status == 200)
      expectJSON(reply)
      #expect(try reply.object().isEmpty)
      #expect(try await HTTPClient.get("/posts/5", on: server).status == 404)
      #expect(ids(try await HTTPClient.get("/posts", on: server).objects()) == before.filter { $0 != 5 })
      #expect(try await HTTPClient.send("DELETE", "/posts/5", on: server).status == 404)
    }
  }

  @Test("singular /profile: PATCH merges shallowly, PUT replaces, POST replaces with 201")
  func singular() async throws {
    try await withFixtureServer { server async throws in
      let original = try await HTTPClient.get("/profile", on: server).object()
      let patched = try await HTTPClient.send(
        "PATCH", "/profile", on: server, body: #"{"nickname": "組木", "social_media": {"web": "w"}}"#)
      #expect(patched.status == 200)
      expectJSON(patched)
      let merged = try await HTTPClient.get("/profile", on: server).object()
      #expect(merged["nickname"] as? String == "組木")
      #expect(merged["id"] as? Int == original["id"] as? Int)
      #expect(merged["created_at"] as? String == original["created_at"] as? String)
      #expect(merged["social_media"] as? [String: String] == ["web": "w"])
      #expect(Set(merged.keys) == Set(original.keys))

      let put = try await HTTPClient.send("PUT", "/profile", on: server, body: #"{"nickname": "new"}"#)
      #expect(put.status == 200)
      #expect(try await HTTPClient.get("/profile", on: server).object().keys.sorted() == ["nickname"])

      let posted = try await HTTPClient.send("POST", "/profile", on: server, body: #"{"id": 9, "n": 1}"#)
      #expect(posted.status == 201)
      #expect(posted.header("Location") == "\(server.baseURL.absoluteString)/profile")
      #expect(try await HTTPClient.get("/profile", on: server).object().keys.sorted() == ["id", "n"])
    }
  }

  @Test("an unknown id is 404 {} for PUT, PATCH and DELETE, and nothing changes")
  func unknownID() async throws {
    try await withFixtureServer { server async throws in
      let before = server.database
      for method in ["PUT", "PATCH", "DELETE"] {
        let reply = try await HTTPClient.send(method, "/posts/9999", on: server, body: #"{"title": "x"}"#)
        #expect(reply.status == 404, "\(method)")
        expectJSON(reply)
        #expect(try reply.object().isEmpty)
      }
      #expect(server.database == before)
    }
  }

  @Test("an unknown resource, and a method its path does not take, are 404 {} and change nothing")
  func unknownResource() async throws {
    try await withFixtureServer { server async throws in
      let before = server.database
      let requests = [
        ("POST", "/no_such_thing"), ("PUT", "/no_such_thing"), ("PATCH", "/no_such_thing/1"),
        ("DELETE", "/no_such_thing/1"), ("DELETE", "/posts"), ("PUT", "/posts"),
        ("POST", "/posts/1"), ("DELETE", "/profile"), ("PATCH", "/profile/1"),
        ("POST", "/db"),
      ]
      for (method, path) in requests {
        let reply = try await HTTPClient.send(method, path, on: server, body: #"{"title": "x"}"#)
        #expect(reply.status == 404, "\(method) \(path)")
        #expect(try reply.object().isEmpty, "\(method) \(path)")
      }
      #expect(server.database == before)
    }
  }

  @Test("POST with a taken id → 409 with json-server's message; nothing changes")
  func duplicateID() async throws {
    try await withFixtureServer { server async throws in
      let before = server.database
      for body in [#"{"id": 1, "title": "dup"}"#, #"{"id": "1", "title": "dup"}"#] {
        let reply = try await HTTPClient.send("POST", "/posts", on: server, body: body)
        #expect(reply.status == 409)
        expectJSON(reply)
        #expect(try reply.object()["error"] as? String == "Insert failed, duplicate id")
      }
      #expect(server.database == before)
      #expect(try await HTTPClient.get("/posts/1", on: server).object()["title"] as? String != "dup")
    }
  }

  @Test(
    "a body that is not a JSON object → 400 with a JSON message; nothing changes",
    arguments: [
      ("POST", "/posts", "[1, 2]", "not an array"), ("PUT", "/posts/1", "42", "not a number"),
      ("PATCH", "/profile", #""text""#, "not a string"), ("PATCH", "/posts/1", "null", "not null"),
      ("POST", "/posts", #"{"title": "x""#, "malformed JSON body at line 1, column 14"),
      ("PUT", "/profile", "{,}", "malformed JSON body at line 1, column 2"),
    ])
  func badBody(method: String, path: String, body: String, message: String) async throws {
    try await withFixtureServer { server async throws in
      let before = server.database
      let reply = try await HTTPClient.send(method, path, on: server, body: body)
      #expect(reply.status == 400)
      expectJSON(reply)
      #expect((try reply.object()["error"] as? String)?.contains(message) == true)
      #expect(server.database == before)
    }
  }

  @Test("numbers beyond Int64 (2^64, 1e20) are stored and served as JavaScript prints them; they crashed the server")
  func hugeIntegralNumbers() async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.send(
        "POST", "/posts", on: server, body: #"{"big": 18446744073709551616, "e20": 1e20, "neg": -9.3e18}"#)
      #expect(reply.status == 201)
      let text = String(decoding: reply.body, as: UTF8.self)
      #expect(text.contains(#""big": 18446744073709552000.0"#))
      #expect(text.contains(#""e20": 100000000000000000000.0"#))
      #expect(text.contains(#""neg": -9300000000000000000.0"#))
      let id = try #require(try reply.object()["id"] as? Int)
      let found = try await HTTPClient.get("/posts?big=18446744073709552000", on: server).objects()
      #expect(found.compactMap { $0["id"] as? Int } == [id])
    }
  }

  @Test("a read-only server refuses every write with 403, still serves reads and still switches faults")
  func readOnly() async throws {
    try await withFixtureServer(FixtureServer.Configuration(readOnly: true, allowsFaultControl: true)) {
      server async throws in
      let before = server.database
      let requests = [
        ("POST", "/posts"), ("PUT", "/posts/1"), ("PATCH", "/posts/1"), ("DELETE", "/posts/1"),
        ("PATCH", "/profile"), ("POST", "/no_such_thing"), ("PUT", "/posts/1"),
      ]
      for (method, path) in requests {
        let reply = try await HTTPClient.send(method, path, on: server, body: #"{"title": "x"}"#)
        #expect(reply.status == 403, "\(method) \(path)")
        expectJSON(reply)
        #expect(try reply.object()["error"] as? String == "the server is read-only")
      }
      #expect(server.database == before)
      #expect(try await HTTPClient.get("/posts/1", on: server).status == 200)
      let faults = try await HTTPClient.send("PUT", "/__faults/posts", on: server, body: "status=503")
      #expect(faults.status == 200)
      #expect(try await HTTPClient.get("/posts", on: server).status == 503)
    }
  }

  @Test("a write whose save fails → 500 naming the file; nothing changes")
  func saveFailure() async throws {
    try await withTemporaryDirectory { directory async throws in
      // A directory stands where db.json should be written: never replaced.
      let blocked = directory.appendingPathComponent("db.json")
      try FileManager.default.createDirectory(
        at: blocked.appendingPathComponent("blocker"), withIntermediateDirectories: true)
      let configuration = FixtureServer.Configuration(
        database: try TestData.database, databaseFile: blocked)
      try await withFixtureServer(configuration) { server async throws in
        let before = server.database
        let reply = try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname": "x"}"#)
        #expect(reply.status == 500)
        expectJSON(reply)
        #expect(
          try reply.object()["error"] as? String
            == "cannot save \(blocked.path): it is a directory, not a data file, and is never replaced")
        #expect(server.database == before)
        #expect(try await HTTPClient.get("/profile", on: server).object()["nickname"] as? String != "x")
      }
      #expect(try fileNames(in: directory) == ["db.json"])
    }
  }
}
