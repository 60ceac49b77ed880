import FixtureData
import FixtureServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Where writes go: a `databaseFile` (kumiki-api's `--db`) saved atomically after each write and served again after
/// a restart, or memory only for the embedded default.
@Suite("FixtureServer persistence: --db files and in-memory writes")
struct FixtureServerPersistenceTests {
  private func inode(_ url: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
  }

  /// Expects the file to parse and to hold exactly what the server serves as `GET /db`.
  private func expectFileMatches(
    _ url: URL, _ server: FixtureServer, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let served = try await HTTPClient.get("/db", on: server)
    let onDisk = try FixtureDatabase(contentsOf: url)
    #expect(onDisk == (try FixtureDatabase(json: served.body)), sourceLocation: sourceLocation)
    #expect(onDisk == server.database, sourceLocation: sourceLocation)
  }

  @Test("writes to a database file are saved after each write and served again by a new server")
  func restart() async throws {
    let bundled = try bundledFixtureBytes()
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfBundledDatabase(in: directory)
      let configuration = FixtureServer.Configuration(databaseFile: url)
      let createdID = try await withFixtureServer(configuration) { server async throws in
        let created = try await HTTPClient.send("POST", "/recent_news", on: server, body: #"{"title": "保存"}"#)
        #expect(created.status == 201)
        try await expectFileMatches(url, server)
        #expect(
          try await HTTPClient.send("PATCH", "/profile_personal", on: server, body: #"{"nickname": "再起動"}"#).status
            == 200)
        try await expectFileMatches(url, server)
        #expect(try await HTTPClient.send("DELETE", "/recent_news/2", on: server).status == 200)
        try await expectFileMatches(url, server)
        return try #require(try created.object()["id"] as? Int)
      }

      try await withFixtureServer(configuration) { server async throws in
        let fetched = try await HTTPClient.get("/recent_news/\(createdID)", on: server)
        #expect(fetched.status == 200)
        #expect(try fetched.object()["title"] as? String == "保存")
        #expect(try await HTTPClient.get("/profile_personal", on: server).object()["nickname"] as? String == "再起動")
        #expect(try await HTTPClient.get("/recent_news/2", on: server).status == 404)
      }
      #expect(try bundledFixtureBytes() == bundled)
    }
  }

  @Test("each save replaces the file by a rename: a new inode on every write, no temporary file left behind")
  func atomicSaves() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfBundledDatabase(in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        var inodes = [try inode(url)]
        for index in 0..<5 {
          let reply = try await HTTPClient.send(
            "PATCH", "/profile_personal", on: server, body: #"{"introduction": "round \#(index)"}"#)
          #expect(reply.status == 200)
          inodes.append(try inode(url))
          #expect(try fileNames(in: directory) == [".db.json.lock", "db.json"])
          try await expectFileMatches(url, server)
        }
        // A freed inode may come back two saves later, but never for the very next one: the old file is still
        // there while its replacement is written.
        #expect(zip(inodes, inodes.dropFirst()).allSatisfy { $0 != $1 })
      }
    }
  }

  /// A write body nested `depth` levels deep, the object itself being one: `{"x": [[…]]}`.
  private func nestedBody(depth: Int) -> String {
    #"{"x": "# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
  }

  @Test("a body as deep as a write accepts is saved where a restart loads it; one level more is 400 and not saved")
  func deepBodies() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfBundledDatabase(in: directory)
      let configuration = FixtureServer.Configuration(databaseFile: url)
      let deepest = nestedBody(depth: 510)
      let tooDeep = nestedBody(depth: 511)
      try await withFixtureServer(configuration) { server async throws in
        // A list item lies two levels down in db.json, a singular resource one.
        #expect(try await HTTPClient.send("POST", "/recent_news", on: server, body: deepest).status == 201)
        #expect(try await HTTPClient.send("PUT", "/recent_news/1", on: server, body: deepest).status == 200)
        #expect(try await HTTPClient.send("PATCH", "/recent_news/2", on: server, body: deepest).status == 200)
        #expect(try await HTTPClient.send("PUT", "/profile_personal", on: server, body: deepest).status == 200)
        let saved = try Data(contentsOf: url)
        for (method, path) in [("POST", "/recent_news"), ("PUT", "/recent_news/3"), ("PATCH", "/profile_personal")] {
          let refused = try await HTTPClient.send(method, path, on: server, body: tooDeep)
          #expect(refused.status == 400, "\(method) \(path)")
          #expect(refused.header("Content-Type") == "application/json; charset=utf-8")
          let message = try refused.object()["error"] as? String
          #expect(message?.hasPrefix("malformed JSON body at line 1, column ") == true)
          #expect(message?.hasSuffix(": nesting deeper than 510 levels") == true, "\(message ?? "")")
        }
        #expect(try Data(contentsOf: url) == saved)
      }
      // The file the server wrote is one it (and kumiki-api --db) loads again.
      let reloaded = try FixtureDatabase(contentsOf: url)
      try await withFixtureServer(configuration) { server async throws in
        #expect(server.database == reloaded)
        #expect(try await HTTPClient.get("/recent_news/1", on: server).status == 200)
        #expect(reloaded["recent_news"]?.value(atPath: "0.x") == (try JSONParser.parse(deepest))["x"])
      }
    }
  }

  @Test("a server on a file removes the temporary files crashed saves left, and only those")
  func staleTemporaryFilesAtStart() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfBundledDatabase(in: directory)
      // What a SIGKILL during a save leaves: a hidden temporary file with (part of) the data.
      _ = try writeFile(#"{"posts": ["#, named: ".db.json.9876543210.tmp", in: directory)
      _ = try writeFile("{}", named: ".db.json.12345678901234567890.tmp", in: directory)
      _ = try writeFile("keep", named: ".db.json.backup.tmp", in: directory)
      _ = try writeFile("keep", named: ".other.json.1.tmp", in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        #expect(
          try fileNames(in: directory) == [".db.json.backup.tmp", ".db.json.lock", ".other.json.1.tmp", "db.json"])
        #expect(try await HTTPClient.get("/recent_news/1", on: server).status == 200)
      }
    }
  }

  @Test("refused writes leave the file untouched")
  func refusedWritesAreNotSaved() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfBundledDatabase(in: directory)
      let before = try Data(contentsOf: url)
      let inodeBefore = try inode(url)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        #expect(try await HTTPClient.send("POST", "/recent_news", on: server, body: #"{"id": 1}"#).status == 409)
        #expect(try await HTTPClient.send("PUT", "/recent_news/999", on: server, body: "{}").status == 404)
        #expect(try await HTTPClient.send("PATCH", "/profile_personal", on: server, body: "[]").status == 400)
      }
      #expect(try Data(contentsOf: url) == before)
      #expect(try inode(url) == inodeBefore)
    }
  }

  @Test("a configured database value is served, and the first write saves it with the write to the file")
  func databaseValueWithFile() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("new.json")
      let start = try FixtureDatabase(json: Array(#"{"posts": []}"#.utf8))
      try await withFixtureServer(FixtureServer.Configuration(database: start, databaseFile: url)) {
        server async throws in
        #expect(try fileNames(in: directory) == [".new.json.lock"])
        let created = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "first"}"#)
        #expect(try created.object()["id"] as? Int == 1)
        #expect(
          try FixtureDatabase(contentsOf: url)
            == FixtureDatabase(json: Array(#"{"posts": [{"title": "first", "id": 1}]}"#.utf8)))
      }
    }
  }

  @Test("a database file that does not parse stops the server from starting, naming the place")
  func malformedFile() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{\n  \"posts\": [,]\n}", in: directory)
      await #expect {
        try await FixtureServer.start(FixtureServer.Configuration(databaseFile: url))
      } throws: { error in
        guard case .malformedJSON(let parse)? = error as? FixtureDatabaseError else { return false }
        return parse.line == 2
      }
    }
  }

  @Test("without a file, writes live in memory: the bundled resource is unchanged and a new server starts afresh")
  func inMemory() async throws {
    let bundled = try bundledFixtureBytes()
    let original = try FixtureDatabase.bundled
    try await withFixtureServer { server async throws in
      #expect(
        try await HTTPClient.send("POST", "/recent_news", on: server, body: #"{"title": "memory"}"#).status == 201)
      #expect(try await HTTPClient.send("DELETE", "/recent_news/1", on: server).status == 200)
      #expect(server.database != original)
    }
    #expect(try bundledFixtureBytes() == bundled)
    #expect(try FixtureDatabase.bundled == original)
    try await withFixtureServer { server async throws in
      #expect(server.database == original)
      #expect(try await HTTPClient.get("/recent_news/1", on: server).status == 200)
    }
  }
}
