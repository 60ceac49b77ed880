import FixtureData
import FixtureServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One server per `db.json`: two servers saving one file each acknowledged writes the other then overwrote.
@Suite("DatabaseLock: one server per database file")
struct DatabaseLockTests {
  @Test("a second server on the same file is refused at start, naming the file and the holder; both keep no write lost")
  func secondServerRefused() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { first async throws in
        #expect(try fileNames(in: directory) == [".db.json.lock", "db.json"])
        await #expect {
          try await startServer(FixtureServer.Configuration(databaseFile: url))
        } throws: { error in
          guard case .databaseInUse(let path, let lockFile, let holder)? = error as? FixtureServerError else {
            return false
          }
          return path == url.resolvingSymlinksInPath().path && lockFile.hasSuffix("/.db.json.lock")
            && holder == getpid() && "\(error)".contains("already served by another server (process \(getpid())")
        }
        // The same file through a symbolic link is the same file.
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        await #expect(throws: FixtureServerError.self) {
          try await startServer(FixtureServer.Configuration(databaseFile: link))
        }
        // A database value with the file is still saved to the file: refused too.
        await #expect(throws: FixtureServerError.self) {
          try await startServer(
            FixtureServer.Configuration(database: try TestData.database, databaseFile: url))
        }
        let created = try await HTTPClient.send("POST", "/posts", on: first, body: #"{"title": "kept"}"#)
        #expect(created.status == 201)
      }
      #expect(try fileNames(in: directory) == ["db.json", "link.json"])
      // Once the first has stopped, the file is free, and holds its write.
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        let titles = try await HTTPClient.get("/posts", on: server).objects().compactMap { $0["title"] }
        #expect(titles.last as? String == "kept")
      }
    }
  }

  @Test("a read-only server takes no lock: it serves a file beside its writer and leaves temporary files alone")
  func readOnlyTakesNoLock() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      _ = try writeFile("{}", named: ".db.json.42.tmp", in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url, readOnly: true)) {
        reader async throws in
        #expect(try fileNames(in: directory) == [".db.json.42.tmp", "db.json"])
        try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { writer async throws in
          #expect(try await HTTPClient.send("PATCH", "/profile", on: writer, body: "{}").status == 200)
          try await withFixtureServer(FixtureServer.Configuration(databaseFile: url, readOnly: true)) {
            _ async throws in
          }
        }
        #expect(try await HTTPClient.get("/posts/1", on: reader).status == 200)
      }
    }
  }

  @Test("a server that fails to start after taking the lock gives it back")
  func failedStartReleases() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      try await withFixtureServer { occupant async throws in
        await #expect(throws: FixtureServerError.self) {
          try await startServer(FixtureServer.Configuration(port: occupant.port, databaseFile: url))
        }
      }
      let broken = try writeFile("{", named: "broken.json", in: directory)
      await #expect(throws: FixtureDatabaseError.self) {
        try await startServer(FixtureServer.Configuration(databaseFile: broken))
      }
      #expect(try fileNames(in: directory) == ["broken.json", "db.json"])
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { _ async throws in }
    }
  }

  @Test("a lock file left by a killed server does not block the next one")
  func staleLockFile() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      // What SIGKILL leaves: the file, with a process id, but no lock (the kernel dropped it with the process).
      _ = try writeFile("999999\n", named: ".db.json.lock", in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        #expect(try await HTTPClient.send("PATCH", "/profile", on: server, body: "{}").status == 200)
        let holder = try String(contentsOf: directory.appendingPathComponent(".db.json.lock"), encoding: .utf8)
        #expect(holder == "\(getpid())\n\(server.baseURL.absoluteString)\n")  // the holder, then its address
      }
      #expect(try fileNames(in: directory) == ["db.json"])
    }
  }

  @Test("servers started on one file at the same moment: exactly one runs")
  func raceToStart() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      for _ in 0..<5 {
        let servers = await withTaskGroup(of: FixtureServer?.self) { group in
          for _ in 0..<4 {
            group.addTask { try? await startServer(FixtureServer.Configuration(databaseFile: url)) }
          }
          return await group.reduce(into: [FixtureServer]()) { if let server = $1 { $0.append(server) } }
        }
        #expect(servers.count == 1)
        for server in servers { await server.shutdown() }
      }
    }
  }
}

/// How the apps' embedded API keeps its writes: a file created from the sample data on first use, joined by a second
/// app rather than served twice, and reset only while nobody serves it.
@Suite("The embedded API's data file")
struct EmbeddedDataFileTests {
  @Test("--create-db makes a missing file from the sample data, private, and serves and saves it")
  func createsMissingFile() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("kumiki-api.json")
      await #expect(throws: (any Error).self) {  // without the flag, a missing file is an error
        try await startServer(FixtureServer.Configuration(databaseFile: url))
      }
      let configuration = FixtureServer.Configuration(databaseFile: url, createsMissingDatabaseFile: true)
      try await withFixtureServer(configuration) { server async throws in
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try FixtureDatabase(contentsOf: url).resourceNames == (try TestData.database).resourceNames)
        let patched = try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname":"n"}"#)
        #expect(patched.status == 200)
        // Its address is in the lock file for apps that join it.
        #expect(FixtureServer.addressServing(url) == server.baseURL)
      }
      #expect(FixtureServer.addressServing(url) == nil)  // stopped: nobody to join
      #expect(try String(contentsOf: url, encoding: .utf8).contains(#""nickname": "n""#))
    }
  }

  @Test("reset puts the sample data back, and is refused while a server holds the file")
  func reset() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("kumiki-api.json")
      try resetToTestData(url)  // a missing file is created
      let configuration = FixtureServer.Configuration(databaseFile: url)
      try await withFixtureServer(configuration) { server async throws in
        _ = try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname":"n"}"#)
        #expect(throws: FixtureServerError.self) { try resetToTestData(url) }
      }
      #expect(try String(contentsOf: url, encoding: .utf8).contains(#""nickname": "n""#))
      try resetToTestData(url)
      #expect(try FixtureDatabase(contentsOf: url).root == (try TestData.database).root)
    }
  }

  @Test("reset keeps a file that does not load beside it, every byte, then puts the sample data in its place")
  func resetKeepsAnUnloadableFile() async throws {
    try await withTemporaryDirectory { directory async throws in
      let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
      for (name, bytes) in [
        ("broken.json", Array(#"{"posts": [{"id": 1,"#.utf8)), ("array.json", Array("[]".utf8)),
        ("binary.json", [0x00, 0xFF, 0xFE, 0x7B]),
      ] {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        let kept = try resetToTestData(url, now: now)
        #expect(kept == "\(url.path).corrupt-20270115T080000Z")
        #expect(try kept.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) } == bytes)
        #expect(try FixtureDatabase(contentsOf: url).root == (try TestData.database).root)
      }
      // A file that loads is the data the reset is asked to replace: no copy is kept.
      let valid = try writeFile(#"{"posts": []}"#, named: "valid.json", in: directory)
      #expect(try resetToTestData(valid, now: now) == nil)
      #expect(!(try fileNames(in: directory).contains { $0.hasPrefix("valid.json.corrupt") }))
    }
  }

  @Test("reset never replaces what is not a regular file: a FIFO or a directory stays, and the reset says why")
  func resetRefusesSpecialFiles() async throws {
    try await withTemporaryDirectory { directory async throws in
      let fifo = directory.appendingPathComponent("fifo.json")
      #expect(mkfifo(fifo.path, 0o600) == 0)
      let folder = directory.appendingPathComponent("folder.json")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      for (url, kind) in [(fifo, "a FIFO (named pipe)"), (folder, "a directory")] {
        let outcome = try await withDeadline(seconds: 10) { try resetToTestData(url) }
        guard case .failure(let error) = outcome else {
          Issue.record("reset \(url.lastPathComponent)")
          continue
        }
        #expect(
          String(describing: error)
            == "cannot read \(url.path): it is \(kind), not a data file; move it away to reset the data")
      }
      var status = stat()
      #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
      #expect(try fileNames(in: directory) == ["fifo.json", "folder.json"])
    }
  }
}
