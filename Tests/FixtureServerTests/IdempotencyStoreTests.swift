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
/// data file.
@Suite("IdempotencyStore: Idempotency-Key on writes, kept beside the data file")
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

  @Test("keys survive a restart on the same data file, in a private side file")
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
      let side = directory.appendingPathComponent("db.json.idempotency.json")
      let mode = try #require(
        (try FileManager.default.attributesOfItem(atPath: side.path)[.posixPermissions] as? NSNumber)?.intValue)
      #expect(mode == 0o600)
      try await withFixtureServer(configuration) { server async throws in
        let again = try await HTTPClient.send("POST", "/posts", on: server, headers: headers, body: body)
        #expect(again.status == 201)
        #expect(again.body == first.body)
        #expect(again.header("Idempotent-Replayed") == "true")
        #expect(try await count("再起動の後も", on: server) == 1)
      }
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

  @Test("bounded by age: a key older than 24 h is dropped, at a claim and when the side file is read")
  func boundedByAge() async throws {
    let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    try await withTemporaryDirectory { directory async throws in
      let file = DatabaseFile(url: directory.appendingPathComponent("db.json.idempotency.json"))
      let store = IdempotencyStore(file: file, now: { now.withLock { $0 } })
      let old = IdempotencyStore.Request(key: "old", method: "POST", path: "/posts", body: Array("{}".utf8))
      let young = IdempotencyStore.Request(key: "young", method: "POST", path: "/posts", body: [])
      #expect(store.claim(old) == .proceed)
      await store.finish(old, status: 201, createdID: "9", payload: .object(JSONObject()))
      now.withLock { $0 += 12 * 60 * 60 }
      #expect(store.claim(young) == .proceed)
      await store.finish(young, status: 201, createdID: "10", payload: .object(JSONObject()))
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
      #expect(IdempotencyStore(file: file, now: { now.withLock { $0 } }).keys == ["young"])
      #expect(store.claim(old) == .proceed)
      #expect(store.keys == ["young"])
    }
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
