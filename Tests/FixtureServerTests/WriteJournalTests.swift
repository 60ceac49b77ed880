import FixtureData
import Foundation
import Testing

@testable import FixtureServer

#if canImport(Glibc)
  import Glibc
#endif

/// The test-only write journal (`--write-journal`, ``FixtureServer/Configuration/writeJournal``): one line per write
/// applied — a dropped answer's too —, none for a replay, a faulted or a refused write; only with fault control.
@Suite("WriteJournal: one line per applied write, for chaos runs")
struct WriteJournalTests {
  /// The journal's lines, parsed.
  private func lines(_ url: URL) throws -> [[String: Any]] {
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    return try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test("applied writes are journaled with key, If-Match and the answer's ETag; replays and faulted writes are not")
  func appliedWritesOnly() async throws {
    try await withTemporaryDirectory { directory in
      let journal = directory.appendingPathComponent("journal.jsonl")
      var configuration = FixtureServer.Configuration()
      configuration.allowsFaultControl = true
      configuration.writeJournal = journal
      try await withFixtureServer(configuration) { server async throws in
        // Conditional on the version a read served (a stale one would be answered 412 and not applied).
        let shown = try #require(try await HTTPClient.send("GET", "/posts/1", on: server).header("ETag"))
        let keyed = ["Idempotency-Key": "k-1", "If-Match": shown]
        let patch = try await HTTPClient.send("PATCH", "/posts/1", on: server, headers: keyed, body: #"{"title":"a"}"#)
        #expect(patch.status == 200)
        // The repeat is replayed: nothing applied, nothing journaled.
        #expect(
          try await HTTPClient.send("PATCH", "/posts/1", on: server, headers: keyed, body: #"{"title":"a"}"#)
            .header("Idempotent-Replayed") == "true")
        // A status fault stops the write; a 404 changes nothing.
        let faulted = try await HTTPClient.send(
          "POST", "/posts", on: server, headers: ["X-Kumiki-Fault": "status=412"], body: #"{"title":"b"}"#)
        #expect(faulted.status == 412)
        #expect(try await HTTPClient.send("PATCH", "/posts/999", on: server, body: "{}").status == 404)
        // drop-answer: applied, its answer lost (the connection reset, no byte of an answer): journaled.
        let port = server.baseURL.port ?? 0
        let body = #"{"title":"c"}"#
        let request = [
          "POST /posts HTTP/1.1", "Host: 127.0.0.1:\(port)", "Content-Type: application/json",
          "X-Kumiki-Fault: drop-answer", "Content-Length: \(body.utf8.count)", "Connection: close", "", body,
        ].joined(separator: "\r\n")
        let dropped = try await RawHTTPConnection.transmit(Array(request.utf8), port: port)
        #expect(dropped.received.isEmpty && dropped.failure == ECONNRESET, "\(dropped.head)")
        let read = try await HTTPClient.get("/posts/1", on: server)
        let entries = try lines(journal)
        #expect(entries.count == 2, "\(entries)")
        #expect(entries.map { $0["seq"] as? Int } == [1, 2])
        #expect(entries.first?["method"] as? String == "PATCH")
        #expect(entries.first?["path"] as? String == "/posts/1")
        #expect(entries.first?["key"] as? String == "k-1")
        #expect(entries.first?["if_match"] as? String == shown)
        #expect(entries.first?["status"] as? Int == 200)
        // The tag a read of the item serves until the next write.
        #expect(entries.first?["etag"] as? String == read.header("ETag"))
        #expect((entries.first?["body"] as? [String: Any])?["title"] as? String == "a")
        #expect(entries.last?["method"] as? String == "POST")
        #expect(entries.last?["key"] is NSNull)
        #expect(entries.last?["if_match"] is NSNull)
        #expect((entries.last?["body"] as? [String: Any])?["title"] as? String == "c")
      }
      let attributes = try FileManager.default.attributesOfItem(atPath: journal.path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
  }

  @Test("a server killed after a write's save and before its journal line: the next server journals it")
  func writeSavedButNotJournaledIsJournaledByTheNextServer() async throws {
    try await withTemporaryDirectory { directory in
      let journal = directory.appendingPathComponent("journal.jsonl")
      var configuration = FixtureServer.Configuration(databaseFile: try copyOfTestData(in: directory))
      configuration.allowsFaultControl = true
      configuration.writeJournal = journal
      try await withFixtureServer(configuration) { server async throws in
        let keyed = ["Idempotency-Key": "k-1"]
        #expect(
          try await HTTPClient.send("PATCH", "/profile", on: server, headers: keyed, body: #"{"nickname":"a"}"#)
            .status == 200)
        #expect(
          try await HTTPClient.send(
            "PATCH", "/profile", on: server, headers: ["Idempotency-Key": "k-2"],
            body: #"{"nickname":"b"}"#
          ).status == 200)
      }
      let whole = try Data(contentsOf: journal)
      let written = try lines(journal)
      #expect(written.count == 2)
      // As a SIGKILL between the second write's rename and its journal line leaves them: the data file holds the
      // write (and its key), the journal only the first line.
      let first = try #require(whole.firstIndex(of: UInt8(ascii: "\n")))
      try whole[...first].write(to: journal)
      try await withFixtureServer(configuration) { server async throws in
        // The write is applied: its repeat is answered from its key, not done again (and not journaled again).
        #expect(
          try await HTTPClient.send(
            "PATCH", "/profile", on: server, headers: ["Idempotency-Key": "k-2"],
            body: #"{"nickname":"b"}"#
          ).header("Idempotent-Replayed") == "true")
        // The journal has it, once, before this server's own writes.
        #expect(
          try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname":"c"}"#).status == 200)
      }
      let after = try lines(journal)
      #expect(after.map { ($0["body"] as? [String: Any])?["nickname"] as? String } == ["a", "b", "c"])
      #expect(after.map { $0["seq"] as? Int } == [1, 2, 1])
      #expect(after[1]["key"] as? String == "k-2")
      // A server started again with nothing lost appends nothing.
      try await withFixtureServer(configuration) { _ async throws in }
      #expect(try lines(journal).count == 3)
    }
  }

  @Test("a saved journal line read back from the data file is one line, or it is not appended")
  func aSavedLineWithALineBreakIsNotTaken() throws {
    func saved(_ line: String) throws -> String? {
      let member = JSONValue.object(JSONObject([(IdempotencyStore.journalLineName, .string(line))]))
      let root = JSONValue.object(JSONObject([(IdempotencyStore.memberName, member)]))
      return IdempotencyStore.journalLine(
        in: try FixtureDatabase(json: Data(JSONWriter(prettyPrinted: false).bytes(of: root))))
    }
    #expect(try saved(#"{"seq":1}"#) == #"{"seq":1}"#)
    #expect(try saved("{\"seq\":1}\n{\"seq\":2}") == nil)
    #expect(try saved("{\"seq\":1}\r") == nil)
  }

  @Test("a journal line a kill cut short stays a line of its own: the next server's lines stay whole")
  func lineCutShortIsEnded() async throws {
    try await withTemporaryDirectory { directory in
      let journal = directory.appendingPathComponent("journal.jsonl")
      try Data(#"{"seq":1,"method":"PATCH","path":"/profile","key":null,"if_ma"#.utf8).write(to: journal)
      var configuration = FixtureServer.Configuration()
      configuration.allowsFaultControl = true
      configuration.writeJournal = journal
      try await withFixtureServer(configuration) { server async throws in
        #expect(
          try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname":"d"}"#).status == 200)
      }
      let text = String(decoding: try Data(contentsOf: journal), as: UTF8.self).split(separator: "\n")
      #expect(text.count == 2)
      let last = try #require(
        text.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
      #expect((last["body"] as? [String: Any])?["nickname"] as? String == "d")
    }
  }

  @Test("a journal without fault control is refused: the server does not start")
  func needsFaultControl() async throws {
    try await withTemporaryDirectory { directory in
      var configuration = FixtureServer.Configuration()
      configuration.writeJournal = directory.appendingPathComponent("journal.jsonl")
      await #expect(throws: FixtureServerError.self) { _ = try await FixtureServer.start(configuration) }
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("journal.jsonl").path))
    }
  }
}
