import FixtureData
import Foundation
import Synchronization
import Testing

@testable import FixtureServer

#if canImport(Glibc)
  import Glibc
#endif

/// `Idempotency-Key` on writes (API.md, "Idempotency-Key"; issue 36, item 1): a repeated key with the same request is
/// answered again without writing, with another request `422`; keys are bounded and survive a restart on the same
/// data file, saved in it with the write they answer (a crash leaves both or neither).
@Suite("IdempotencyStore: Idempotency-Key on writes, kept in the data file")
struct IdempotencyStoreTests {
  private static let key = "7f1c9a52-0f0e-4c55-9a1e-3d2b8f6a4c10"

  /// How many items `/posts` holds with `title`.
  private func count(_ title: String, on server: FixtureServer) async throws -> Int {
    try await HTTPClient.get("/posts", on: server).objects().count { $0["title"] as? String == title }
  }

  @Test("the same key and body twice: one item, the same answer again, marked replayed")
  func sameKeyTwice() async throws {
    try await withFixtureServer { server async throws in
      let headers = ["Idempotency-Key": Self.key]
      let body = #"{"title": "一度だけ"}"#
      let first = try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
      let second = try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
      #expect(first.status == 201)
      #expect(second.status == 201)
      #expect(second.body == first.body)
      #expect(second.header("Location") == first.header("Location"))
      #expect(first.header("Idempotent-Replayed") == nil)
      #expect(second.header("Idempotent-Replayed") == "true")
      #expect(try await count("一度だけ", on: server) == 1)
      // Without a key the same write is done again, as json-server does.
      #expect(try await HTTPClient.send("POST", "/posts", on: server, body: body).status == 201)
      #expect(try await count("一度だけ", on: server) == 2)
    }
  }

  @Test("the same key with another body, path or method: 422, nothing written")
  func sameKeyOtherRequest() async throws {
    try await withFixtureServer { server async throws in
      let headers = ["Idempotency-Key": Self.key]
      let first = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: headers, body: #"{"title": "first"}"#)
      #expect(first.status == 201)
      let other = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: headers, body: #"{"title": "second"}"#)
      #expect(other.status == 422)
      let message = try #require(try other.object()["error"] as? String)
      #expect(message.contains("another request (with another body)"))
      #expect(try await count("second", on: server) == 0)
      let patch = try await HTTPClient.send(
        "PATCH", "/profile", on: server, headers: headers, body: #"{"nickname": "x"}"#)
      #expect(patch.status == 422)
      #expect(
        try patch.object()["error"] as? String
          == message.replacingOccurrences(
            of: "with another body", with: "POST /posts"))
      #expect(try await HTTPClient.get("/profile", on: server).object()["nickname"] as? String != "x")
    }
  }

  @Test("a refused write's answer is not kept: its retry with the key is done again")
  func refusalNotKept() async throws {
    try await withFixtureServer { server async throws in
      let headers = ["Idempotency-Key": Self.key]
      let body = #"{"id": 1, "title": "taken"}"#
      let refused = try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
      #expect(refused.status == 409)
      #expect(try await HTTPClient.send("DELETE", "/posts/1", on: server).status == 200)
      let again = try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
      #expect(again.status == 201)
      #expect(again.header("Idempotent-Replayed") == nil)
      #expect(try await count("taken", on: server) == 1)
    }
  }

  @Test(
    "a key that is not one: 400, nothing written",
    arguments: ["", "with space", "é", String(repeating: "k", count: 256)])
  func badKey(_ key: String) async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["Idempotency-Key": key], body: #"{"title": "bad key"}"#)
      #expect(reply.status == 400)
      #expect(try reply.object()["error"] as? String == FixtureWriteRoutes.invalidKeyMessage)
      #expect(try await count("bad key", on: server) == 0)
    }
  }

  @Test("keys survive a restart on the same data file, saved in it and never served")
  func survivesRestart() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      let configuration = FixtureServer.Configuration(databaseFile: url)
      let headers = ["Idempotency-Key": Self.key]
      let body = #"{"title": "再起動の後も"}"#
      let first = try await withFixtureServer(configuration) { server async throws in
        try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
      }
      #expect(first.status == 201)
      let saved = try FixtureDatabase(contentsOf: url)
      #expect(IdempotencyStore.split(saved).records?.map(\.request.key) == [Self.key])
      // `kumiki-api --replace FILE` reads a data file as data: the keys are not in it.
      #expect(try FixtureServer.loadDataFile(url)[IdempotencyStore.memberName] == nil)
      #expect(!FileManager.default.fileExists(atPath: url.path + ".idempotency.json"))
      try await withFixtureServer(configuration) { server async throws in
        let again = try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
        #expect(again.status == 201)
        #expect(again.body == first.body)
        #expect(again.header("Idempotent-Replayed") == "true")
        #expect(try await count("再起動の後も", on: server) == 1)
        // The keys are not data: no read serves them.
        #expect(server.database[IdempotencyStore.memberName] == nil)
        #expect(try await HTTPClient.get("/db", on: server).object()[IdempotencyStore.memberName] == nil)
        let member = IdempotencyStore.memberName.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
        #expect(try await HTTPClient.send("GET", "/" + member, on: server).status == 404)
      }
    }
  }

  /// A server killed at any moment of a write leaves the disk as it was after one of its saves (each is one atomic
  /// rename): every state a save wrote, and the one before the first. From each, a restarted server repeating every
  /// key finds each write done once — its key was saved with it, or neither was. (Before the key went into the data
  /// file, a state with the change and not its key existed: a repeat from it wrote again.)
  @Test("killed at any step of keyed writes, restarted, repeated: each write done once")
  func crashAtEveryStep() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      let initial = try Data(contentsOf: url)
      let saves = Mutex<[[UInt8]]>([])
      var configuration = FixtureServer.Configuration(databaseFile: url)
      configuration.databaseWrite = { descriptor, buffer in
        saves.withLock { $0.append(Array(buffer)) }
        return write(descriptor, buffer.baseAddress, buffer.count)
      }
      let writes: [(method: String, path: String, body: String)] = [
        ("POST", "/posts", #"{"title": "crash-1"}"#), ("PATCH", "/posts/1", #"{"title": "crash-2"}"#),
        ("POST", "/posts", #"{"title": "crash-3"}"#), ("DELETE", "/posts/2", ""),
      ]
      try await withFixtureServer(configuration) { server async throws in
        for (number, write) in writes.enumerated() {
          let reply = try await HTTPClient.send(
            write.method, write.path, on: server, headers: ["Idempotency-Key": "crash-\(number)"], body: write.body)
          #expect((200..<300).contains(reply.status), "\(write)")
        }
      }
      let states = [Array(initial)] + saves.withLock { $0 }
      #expect(states.count == writes.count + 1)
      for (step, state) in states.enumerated() {
        try Data(state).write(to: url)
        try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
          for (number, write) in writes.enumerated() {
            let reply = try await HTTPClient.send(
              write.method, write.path, on: server, headers: ["Idempotency-Key": "crash-\(number)"],
              body: write.body)
            #expect((200..<300).contains(reply.status), "step \(step): \(write)")
            // Kept with its write when the state has it: a repeat of it is replayed, one done since is not.
            #expect((reply.header("Idempotent-Replayed") == "true") == (number < step), "step \(step): \(write)")
          }
          #expect(try await count("crash-1", on: server) == 1, "step \(step)")
          #expect(try await count("crash-3", on: server) == 1, "step \(step)")
        }
      }
    }
  }

  @Test("an older server's side file is moved into the data file, then removed; its keys are honoured")
  func sideFileMigrated() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      let side = directory.appendingPathComponent("db.json.idempotency.json")
      let body = #"{"title": "before the upgrade"}"#
      let request = IdempotencyStore.Request(key: Self.key, method: "POST", path: "/posts", body: Array(body.utf8))
      let answer = try json(#"{"title": "before the upgrade", "id": 99}"#)
      let record = IdempotencyStore.Record(
        request: request, status: 201, createdID: "99", payload: answer,
        at: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
      let kept = IdempotencyStore(records: [record]).member()!
      try Data(JSONWriter(prettyPrinted: false).bytes(of: kept)).write(to: side)
      let configuration = FixtureServer.Configuration(databaseFile: url)
      try await withFixtureServer(configuration) { server async throws in
        #expect(!FileManager.default.fileExists(atPath: side.path))
        #expect(IdempotencyStore.split(try FixtureDatabase(contentsOf: url)).records == [record])
        let again = try await HTTPClient.send(
          "POST", "/posts", on: server, headers: ["Idempotency-Key": Self.key], body: body)
        #expect(again.status == 201)
        #expect(again.header("Idempotent-Replayed") == "true")
        #expect(try await count("before the upgrade", on: server) == 0)
      }
    }
  }

  @Test("a data file member of the keys' name that is not a key list is data: served, kept, never overwritten")
  func memberNameTakenByData() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("db.json")
      try Data(#"{"posts": [], "kumiki-api:idempotency-keys": [{"id": 1}]}"#.utf8).write(to: url)
      let data = JSONValue.array([.object(JSONObject([("id", .integer(1))]))])
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        let reply = try await HTTPClient.send(
          "POST", "/posts", on: server, headers: ["Idempotency-Key": Self.key], body: #"{"title": "t"}"#)
        #expect(reply.status == 201)
        #expect(server.database[IdempotencyStore.memberName] == data)
      }
      #expect(try FixtureDatabase(contentsOf: url)[IdempotencyStore.memberName] == data)
    }
  }

  @Test("a status fault does not refuse a repeat of a write done: the kept answer comes first; a new key is faulted")
  func repeatBeforeFaults() async throws {
    var configuration = FixtureServer.Configuration()
    configuration.allowsFaultControl = true
    try await withFixtureServer(configuration) { server async throws in
      let headers = ["Idempotency-Key": Self.key]
      let body = #"{"title": "faulted repeat"}"#
      let first = try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
      #expect(first.status == 201)
      server.setFaults([.status(503)])
      let again = try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
      #expect(again.status == 201)
      #expect(again.header("Idempotent-Replayed") == "true")
      #expect(again.body == first.body)
      var header = headers
      header["X-Kumiki-Fault"] = "status=412"
      server.clearFaults()
      let viaHeader = try await HTTPClient.send("POST", "/posts", on: server, headers: header, body: body)
      #expect(viaHeader.status == 201 && viaHeader.header("Idempotent-Replayed") == "true")
      server.setFaults([.status(503)])
      let fresh = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["Idempotency-Key": "another"], body: body)
      #expect(fresh.status == 503)
      // The same key with another body is still a new request: faulted, never replayed.
      let other = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: headers, body: #"{"title": "another body"}"#)
      #expect(other.status == 503)
      server.clearFaults()
      #expect(try await count("faulted repeat", on: server) == 1)
    }
  }

  @Test("bounded by count: past the limit the oldest key is dropped first")
  func boundedByCount() async throws {
    var configuration = FixtureServer.Configuration()
    configuration.idempotencyLimits.keys = 2
    try await withFixtureServer(configuration) { server async throws in
      for number in 1...3 {
        let reply = try await HTTPClient.send(
          "POST", "/posts", on: server, headers: ["Idempotency-Key": "key-\(number)"],
          body: #"{"title": "n\#(number)"}"#)
        #expect(reply.status == 201)
      }
      // key-1 was dropped: its repeat writes again; key-3 is kept: its repeat does not.
      _ = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["Idempotency-Key": "key-1"], body: #"{"title": "n1"}"#)
      let kept = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["Idempotency-Key": "key-3"], body: #"{"title": "n3"}"#)
      #expect(kept.header("Idempotent-Replayed") == "true")
      #expect(try await count("n1", on: server) == 2)
      #expect(try await count("n3", on: server) == 1)
    }
  }

  @Test("bounded by age: a key older than 24 h is dropped, at a claim and when the data file is read")
  func boundedByAge() async throws {
    let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    let store = IdempotencyStore(now: { now.withLock { $0 } })
    let old = IdempotencyStore.Request(key: "old", method: "POST", path: "/posts", body: Array("{}".utf8))
    let young = IdempotencyStore.Request(key: "young", method: "POST", path: "/posts", body: [])
    #expect(store.claim(old) == .proceed)
    store.keep(store.record(old, status: 201, createdID: "9", payload: .object(JSONObject())))
    now.withLock { $0 += 12 * 60 * 60 }
    #expect(store.claim(young) == .proceed)
    store.keep(store.record(young, status: 201, createdID: "10", payload: .object(JSONObject())))
    #expect(store.keys == ["old", "young"])
    // A key whose first request is still being answered is busy (409 with Retry-After) until it is finished.
    let running = IdempotencyStore.Request(key: "running", method: "PUT", path: "/x", body: [])
    #expect(store.claim(running) == .proceed)
    #expect(store.claim(running) == .busy)
    store.abandon(running)
    #expect(store.claim(running) == .proceed)
    store.abandon(running)
    now.withLock { $0 += 12 * 60 * 60 }
    // Read back a day after the first: the old key is gone, the young one kept.
    let saved = FixtureDatabase(root: JSONObject([(IdempotencyStore.memberName, try #require(store.member()))]))
    let records = try #require(IdempotencyStore.split(saved).records)
    #expect(IdempotencyStore(records: records, now: { now.withLock { $0 } }).keys == ["young"])
    #expect(store.claim(old) == .proceed)
    #expect(store.keys == ["young"])
  }

  @Test("a side file that does not parse is kept aside, and the server starts without keys")
  func hostileSideFile() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      let side = directory.appendingPathComponent("db.json.idempotency.json")
      try Data("{\"version\": 1, \"keys\": [".utf8).write(to: side)
      let configuration = FixtureServer.Configuration(databaseFile: url)
      try await withFixtureServer(configuration) { server async throws in
        let reply = try await HTTPClient.send(
          "POST", "/posts", on: server, headers: ["Idempotency-Key": Self.key], body: #"{"title": "t"}"#)
        #expect(reply.status == 201)
      }
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(names.contains { $0.hasPrefix("db.json.idempotency.json.corrupt-") })
      // Records that are not ones are dropped, one by one.
      #expect(IdempotencyStore.record(from: try json(#"{"key": "k", "method": "GET"}"#)) == nil)
    }
  }

  @Test("drop-answer: the write is saved, its answer lost; the retry with the key is answered, one item")
  func droppedAnswerThenRetry() async throws {
    var configuration = FixtureServer.Configuration()
    configuration.allowsFaultControl = true
    try await withFixtureServer(configuration) { server async throws in
      let body = #"{"title": "lost answer"}"#
      await #expect(throws: (any Error).self) {
        try await HTTPClient.send(
          "POST", "/posts", on: server,
          headers: ["Idempotency-Key": Self.key, "X-Kumiki-Fault": "drop-answer"], body: body)
      }
      #expect(try await count("lost answer", on: server) == 1)
      let retry = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["Idempotency-Key": Self.key], body: body)
      #expect(retry.status == 201)
      #expect(retry.header("Idempotent-Replayed") == "true")
      #expect(try await count("lost answer", on: server) == 1)
    }
  }
}
