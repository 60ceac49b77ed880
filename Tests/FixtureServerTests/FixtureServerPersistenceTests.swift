import FixtureData
import Foundation
import Testing

@testable import FixtureServer

#if canImport(Glibc)
  import Glibc
#endif

/// Where writes go: a `databaseFile` (kumiki-api's `--db`) saved atomically after each write and served again after
/// a restart, or memory only for the embedded default.
@Suite("FixtureServer persistence: --db files and in-memory writes")
struct FixtureServerPersistenceTests {
  private func permissions(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
  }

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
    let bundled = try sampleFileBytes()
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      let configuration = FixtureServer.Configuration(databaseFile: url)
      let createdID = try await withFixtureServer(configuration) { server async throws in
        let created = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "保存"}"#)
        #expect(created.status == 201)
        try await expectFileMatches(url, server)
        #expect(
          try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname": "再起動"}"#).status
            == 200)
        try await expectFileMatches(url, server)
        #expect(try await HTTPClient.send("DELETE", "/posts/2", on: server).status == 200)
        try await expectFileMatches(url, server)
        return try #require(try created.object()["id"] as? Int)
      }

      try await withFixtureServer(configuration) { server async throws in
        let fetched = try await HTTPClient.get("/posts/\(createdID)", on: server)
        #expect(fetched.status == 200)
        #expect(try fetched.object()["title"] as? String == "保存")
        #expect(try await HTTPClient.get("/profile", on: server).object()["nickname"] as? String == "再起動")
        #expect(try await HTTPClient.get("/posts/2", on: server).status == 404)
      }
      #expect(try sampleFileBytes() == bundled)
    }
  }

  @Test("each save replaces the file by a rename: a new inode on every write, no temporary file left behind")
  func atomicSaves() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        var inodes = [try inode(url)]
        for index in 0..<5 {
          let reply = try await HTTPClient.send(
            "PATCH", "/profile", on: server, body: #"{"introduction": "round \#(index)"}"#)
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
      let url = try copyOfTestData(in: directory)
      let configuration = FixtureServer.Configuration(databaseFile: url)
      let deepest = nestedBody(depth: 510)
      let tooDeep = nestedBody(depth: 511)
      try await withFixtureServer(configuration) { server async throws in
        // A list item lies two levels down in db.json, a singular resource one.
        #expect(try await HTTPClient.send("POST", "/posts", on: server, body: deepest).status == 201)
        #expect(try await HTTPClient.send("PUT", "/posts/1", on: server, body: deepest).status == 200)
        #expect(try await HTTPClient.send("PATCH", "/posts/2", on: server, body: deepest).status == 200)
        #expect(try await HTTPClient.send("PUT", "/profile", on: server, body: deepest).status == 200)
        let saved = try Data(contentsOf: url)
        for (method, path) in [("POST", "/posts"), ("PUT", "/posts/3"), ("PATCH", "/profile")] {
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
        #expect(try await HTTPClient.get("/posts/1", on: server).status == 200)
        #expect(reloaded["posts"]?.value(atPath: "0.x") == (try JSONParser.parse(deepest))["x"])
      }
    }
  }

  @Test("a server on a file removes the temporary files crashed saves left, and only those")
  func staleTemporaryFilesAtStart() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      // What a SIGKILL during a save leaves: a hidden temporary file with (part of) the data.
      _ = try writeFile(#"{"posts": ["#, named: ".db.json.9876543210.tmp", in: directory)
      _ = try writeFile("{}", named: ".db.json.12345678901234567890.tmp", in: directory)
      _ = try writeFile("keep", named: ".db.json.backup.tmp", in: directory)
      _ = try writeFile("keep", named: ".other.json.1.tmp", in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        #expect(
          try fileNames(in: directory) == [".db.json.backup.tmp", ".db.json.lock", ".other.json.1.tmp", "db.json"])
        #expect(try await HTTPClient.get("/posts/1", on: server).status == 200)
      }
    }
  }

  @Test("refused writes leave the file untouched")
  func refusedWritesAreNotSaved() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      let before = try Data(contentsOf: url)
      let inodeBefore = try inode(url)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        #expect(try await HTTPClient.send("POST", "/posts", on: server, body: #"{"id": 1}"#).status == 409)
        #expect(try await HTTPClient.send("PUT", "/posts/999", on: server, body: "{}").status == 404)
        #expect(try await HTTPClient.send("PATCH", "/profile", on: server, body: "[]").status == 400)
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
        try await startServer(FixtureServer.Configuration(databaseFile: url))
      } throws: { error in
        guard case .malformedJSON(let parse)? = error as? FixtureDatabaseError else { return false }
        return parse.line == 2
      }
    }
  }

  @Test("a data file deleted while the server runs is made again by the next write, 0600 whatever the umask")
  func deletedFileIsMadePrivate() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("kumiki-api.json")
      let configuration = FixtureServer.Configuration(databaseFile: url, createsMissingDatabaseFile: true)
      try await withFixtureServer(configuration) { server async throws in
        #expect(try permissions(url) == 0o600)
        #expect(try permissions(directory.appendingPathComponent(".kumiki-api.json.lock")) == 0o600)
        try FileManager.default.removeItem(at: url)
        let patched = try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname": "n"}"#)
        #expect(patched.status == 200)
        // 0644 (0666 less the test process's umask, 0022) before the fix.
        #expect(try permissions(url) == 0o600)
        try await expectFileMatches(url, server)
      }
    }
  }

  @Test(
    "a write the disk cannot save is 507 (disk full) or 500 with the system's reason, and changes nothing",
    arguments: [(ENOSPC, 507), (EROFS, 500), (EACCES, 500), (EIO, 500)])
  func unsavedWrites(code: Int32, status: Int) async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      let before = try Data(contentsOf: url)
      var configuration = FixtureServer.Configuration(databaseFile: url)
      configuration.databaseWrite = failingWrite(code)
      try await withFixtureServer(configuration) { server async throws in
        let served = try await HTTPClient.get("/db", on: server).body
        for (method, path, body) in [
          ("POST", "/posts", #"{"title": "満杯"}"#), ("PATCH", "/profile", #"{"nickname": "満杯"}"#),
          ("DELETE", "/posts/1", ""),
        ] {
          let reply = try await HTTPClient.send(method, path, on: server, body: body.isEmpty ? nil : body)
          #expect(reply.status == status, "\(method) \(path)")
          #expect(
            try reply.object()["error"] as? String
              == "cannot save \(url.path): write failed: \(String(cString: strerror(code)))")
          #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        }
        // Nothing applied in memory either: what is served is what the file holds.
        #expect(try await HTTPClient.get("/db", on: server).body == served)
        #expect(try Data(contentsOf: url) == before)
        #expect(try fileNames(in: directory) == [".db.json.lock", "db.json"])
      }
    }
  }

  @Test(
    "a data path that is not a regular file stops the start at once, naming what it is",
    arguments: ["directory", "fifo", "socket", "link to a fifo", "link to a device"])
  func specialFilesAtStart(kind: String) async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("db.json")
      let fifo = directory.appendingPathComponent("fifo")
      #expect(mkfifo(fifo.path, 0o600) == 0)
      switch kind {
      case "directory": try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      case "fifo": #expect(mkfifo(url.path, 0o600) == 0)
      case "socket": try bindUnixSocket(at: url)
      case "link to a fifo": try FileManager.default.createSymbolicLink(at: url, withDestinationURL: fifo)
      default:
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: URL(fileURLWithPath: "/dev/null"))
      }
      for creates in [false, true] {
        let configuration = FixtureServer.Configuration(databaseFile: url, createsMissingDatabaseFile: creates)
        // Opening a FIFO without a writer blocks: the deadline fails the test instead of hanging it.
        let outcome = try await withDeadline(seconds: 10) {
          let semaphore = DispatchSemaphore(value: 0)
          let result = OnceBox<Result<FixtureServer, any Error>>()
          Task {
            do { result.set(.success(try await startServer(configuration))) } catch {
              result.set(.failure(error))
            }
            semaphore.signal()
          }
          semaphore.wait()
          return try result.value!.get()
        }
        switch outcome {
        case .success(let server):
          await server.shutdown()
          Issue.record("\(kind) was served")
        case .failure(let error):
          let text = String(describing: error)
          #expect(error is FixtureDatabaseError, "\(text)")
          #expect(text.hasSuffix(", not a data file"), "\(text)")
        }
      }
      // `--replace FILE` reads its file with the same checks.
      let loaded = try await withDeadline(seconds: 10) { try FixtureServer.loadDataFile(url) }
      #expect(throws: FixtureDatabaseError.self) { try loaded.get() }
      // Nothing was made or replaced at the path.
      var status = stat()
      #expect(lstat(url.path, &status) == 0)
      #expect(try fileNames(in: directory) == ["db.json", "fifo"])
    }
  }

  @Test("without a file, writes live in memory: the sample data files are unchanged and a new server starts afresh")
  func inMemory() async throws {
    let bundled = try sampleFileBytes()
    let original = try TestData.database
    try await withFixtureServer { server async throws in
      #expect(
        try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "memory"}"#).status == 201)
      #expect(try await HTTPClient.send("DELETE", "/posts/1", on: server).status == 200)
      #expect(server.database != original)
    }
    #expect(try sampleFileBytes() == bundled)
    #expect(try TestData.database == original)
    try await withFixtureServer { server async throws in
      #expect(server.database == original)
      #expect(try await HTTPClient.get("/posts/1", on: server).status == 200)
    }
  }
}
