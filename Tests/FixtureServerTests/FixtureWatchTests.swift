import FixtureData
import FixtureServer
import Foundation
import Testing

/// `--watch`: a database file edited by hand is served without a restart; a file that does not parse is ignored
/// (one log line until it parses); writes the server acknowledged are never lost to a reload.
@Suite("FixtureServer: --watch")
struct FixtureWatchTests {
  private func configuration(
    _ url: URL, interval: Duration = .seconds(60), log: LogLines
  ) -> FixtureServer.Configuration {
    FixtureServer.Configuration(databaseFile: url, watchesDatabaseFile: true, watchInterval: interval, log: log.log)
  }

  private func titles(_ server: FixtureServer) async throws -> [String] {
    try await HTTPClient.get("/posts", on: server).objects().map { $0["title"] as? String ?? "" }
  }

  /// Replaces the file as an editor that saves by renaming does.
  private func replace(_ url: URL, with text: String) throws {
    try Data(text.utf8).write(to: url, options: .atomic)
  }

  /// Overwrites the file in place, as an editor that truncates and writes does.
  private func overwrite(_ url: URL, with text: String) throws {
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  @Test("a hand edit is picked up by the polling watcher, without a restart")
  func polling() async throws {
    try await withTemporaryDirectory { directory in
      let url = try writeFile(relationalDatabaseText, in: directory)
      let log = LogLines()
      try await withFixtureServer(configuration(url, interval: .milliseconds(5), log: log)) { server async throws in
        #expect(try await titles(server) == ["first", "second", "string id"])
        try replace(url, with: #"{"posts": [{"id": 1, "title": "edited"}]}"#)
        let seen = try await eventually { try await titles(server) == ["edited"] }
        #expect(seen)
        #expect(log.all == ["\(url.resolvingSymlinksInPath().path) changed on disk: reloaded"])
      }
    }
  }

  @Test("an in-place edit is seen too; content identical to what is served changes nothing")
  func inPlace() async throws {
    try await withTemporaryDirectory { directory in
      let url = try writeFile(relationalDatabaseText, in: directory)
      let log = LogLines()
      try await withFixtureServer(configuration(url, log: log)) { server async throws in
        try overwrite(url, with: #"{"posts": [{"id": 1, "title": "in place, longer"}]}"#)
        #expect(await server.checkDatabaseFile())
        #expect(try await titles(server) == ["in place, longer"])
        try replace(url, with: #"{"posts":[{"id":1,"title":"in place, longer"}]}"#)
        #expect(!(await server.checkDatabaseFile()))
        #expect(log.all.count == 1)
      }
    }
  }

  @Test("a half-written file is ignored with one log line until it parses, then taken in")
  func halfWritten() async throws {
    try await withTemporaryDirectory { directory in
      let url = try writeFile(relationalDatabaseText, in: directory)
      let log = LogLines()
      try await withFixtureServer(configuration(url, log: log)) { server async throws in
        try overwrite(url, with: #"{"posts": [{"id": 1, "ti"#)
        #expect(!(await server.checkDatabaseFile()))
        try overwrite(url, with: #"{"posts": [{"id": 1, "title": "#)
        #expect(!(await server.checkDatabaseFile()))
        #expect(!(await server.checkDatabaseFile()))
        #expect(try await titles(server) == ["first", "second", "string id"])
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("does not parse") == true)
        #expect(log.all.first?.contains("serving the data from before until it does") == true)
        try overwrite(url, with: #"{"posts": [{"id": 1, "title": "whole"}]}"#)
        #expect(await server.checkDatabaseFile())
        #expect(try await titles(server) == ["whole"])
        #expect(log.all.count == 2)
        // A later bad file is reported again, once.
        try overwrite(url, with: "[")
        #expect(!(await server.checkDatabaseFile()))
        #expect(log.all.count == 3)
      }
    }
  }

  @Test("the server's own writes are never mistaken for edits: 30 acknowledged POSTs with a 1 ms watcher all stay")
  func ownWrites() async throws {
    try await withTemporaryDirectory { directory in
      let url = try writeFile(relationalDatabaseText, in: directory)
      let log = LogLines()
      try await withFixtureServer(configuration(url, interval: .milliseconds(1), log: log)) { server async throws in
        for number in 1...30 {
          let reply = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "p\#(number)"}"#)
          #expect(reply.status == 201)
          await server.checkDatabaseFile()
        }
        let listed = try await titles(server)
        #expect(listed.count == 33)
        #expect(Array(listed.suffix(30)) == (1...30).map { "p\($0)" })
        #expect(try FixtureDatabase(contentsOf: url) == server.database)
        #expect(log.all.isEmpty)
      }
    }
  }

  @Test("an edit made after an acknowledged write keeps it; an edit not yet seen is taken in before the next write")
  func editsAndWrites() async throws {
    try await withTemporaryDirectory { directory in
      let url = try writeFile(relationalDatabaseText, in: directory)
      let log = LogLines()
      try await withFixtureServer(configuration(url, log: log)) { server async throws in
        #expect(try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "acked"}"#).status == 201)
        // The editor reads the file the server saved and adds a post.
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: #""title": "acked""#, with: #""title": "acked", "edited": true"#)
        try replace(url, with: text)
        #expect(await server.checkDatabaseFile())
        #expect(try await titles(server) == ["first", "second", "string id", "acked"])
        // An edit the watcher has not looked at yet: the next write starts from it, and both are saved.
        try replace(url, with: #"{"posts": [{"id": 10, "title": "hand"}]}"#)
        let created = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "after"}"#)
        #expect(try created.object()["id"] as? Int == 11)
        #expect(try await titles(server) == ["hand", "after"])
        #expect(try FixtureDatabase(contentsOf: url) == server.database)
      }
    }
  }

  @Test("a FIFO swapped in for the file is reported and never read; a write is refused rather than replace it")
  func fifoSwappedIn() async throws {
    try await withTemporaryDirectory { directory in
      let url = try writeFile(relationalDatabaseText, in: directory)
      let log = LogLines()
      try await withFixtureServer(configuration(url, log: log)) { server async throws in
        try FileManager.default.removeItem(at: url)
        #expect(mkfifo(url.path, 0o600) == 0)
        // Reading a FIFO without a writer would block the writes' queue, and every later write, forever.
        let changed = try await withDeadline(seconds: 10) {
          let semaphore = DispatchSemaphore(value: 0)
          let result = OnceBox<Bool>()
          Task {
            result.set(await server.checkDatabaseFile())
            semaphore.signal()
          }
          semaphore.wait()
          return result.value!
        }
        #expect(try changed.get() == false)
        #expect(
          log.all == [
            "cannot read \(url.resolvingSymlinksInPath().path): it is a FIFO (named pipe), not a data file; serving the data from before until it can be read"
          ])
        let reply = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "x"}"#)
        #expect(reply.status == 500)
        #expect(try await titles(server) == ["first", "second", "string id"])
        var status = stat()
        #expect(lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
      }
    }
  }
}
