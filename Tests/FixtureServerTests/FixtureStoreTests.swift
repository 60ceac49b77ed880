import FixtureData
import Foundation
import Testing

@testable import FixtureServer

@Suite("FixtureStore: serialised writes, published after they are saved")
struct FixtureStoreTests {
  let counter: FixtureDatabase

  init() throws {
    counter = try FixtureDatabase(json: Array(#"{"counter": {"value": 0}}"#.utf8))
  }

  private static func increment(_ database: inout FixtureDatabase) -> (value: Int, changed: Bool) {
    guard case .integer(let value)? = database["counter"]?["value"] else { return (-1, false) }
    database.root["counter"] = .object(JSONObject([("value", .integer(value + 1))]))
    return (value + 1, true)
  }

  @Test("200 concurrent read-modify-write updates from 8 tasks lose nothing, and each saw a distinct value")
  func serialised() async throws {
    let store = FixtureStore(counter, file: nil)
    let seen = try await withThrowingTaskGroup(of: [Int].self) { group in
      for _ in 0..<8 {
        group.addTask {
          var values: [Int] = []
          for _ in 0..<25 { values.append(try await store.update(Self.increment)) }
          return values
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(seen.sorted() == Array(1...200))
    #expect(store.snapshot["counter"]?["value"] == .integer(200))
  }

  @Test("with a file, every published value is on disk first")
  func savesBeforePublishing() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("db.json")
      let store = FixtureStore(counter, file: DatabaseFile(url: url))
      for expected in 1...3 {
        #expect(try await store.update(Self.increment) == expected)
        #expect(try FixtureDatabase(contentsOf: url) == store.snapshot)
      }
      #expect(try fileNames(in: directory) == ["db.json"])
    }
  }

  @Test("an update that changes nothing is not saved")
  func unchangedIsNotSaved() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("db.json")
      let store = FixtureStore(counter, file: DatabaseFile(url: url))
      let value = try await store.update { _ in (7, false) }
      #expect(value == 7)
      #expect(try fileNames(in: directory) == [])
    }
  }

  @Test("a failed save publishes nothing, and later updates start from the published value")
  func failedSave() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("db.json")
      try FileManager.default.createDirectory(
        at: url.appendingPathComponent("blocker"), withIntermediateDirectories: true)
      let store = FixtureStore(counter, file: DatabaseFile(url: url))
      await #expect(throws: DatabaseSaveError.self) { try await store.update(Self.increment) }
      #expect(store.snapshot == counter)
      try FileManager.default.removeItem(at: url)
      #expect(try await store.update(Self.increment) == 1)
      #expect(try FixtureDatabase(contentsOf: url) == store.snapshot)
    }
  }

  @Test("8 HTTP clients × 25 POSTs leave exactly 200 new items with distinct ids, served and saved")
  func concurrentClients() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try copyOfTestData(in: directory)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        let before = try await HTTPClient.get("/posts", on: server).objects()
        let largest = try #require(before.compactMap { $0["id"] as? Int }.max())
        let created = try await withThrowingTaskGroup(of: [Int].self) { group in
          for client in 0..<8 {
            group.addTask {
              var ids: [Int] = []
              for index in 0..<25 {
                let reply = try await HTTPClient.send(
                  "POST", "/posts", on: server, body: #"{"title": "client \#(client) #\#(index)"}"#)
                guard reply.status == 201, let id = try reply.object()["id"] as? Int else {
                  throw HTTPClientError.unexpectedShape
                }
                ids.append(id)
              }
              return ids
            }
          }
          return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(created.count == 200)
        #expect(created.sorted() == Array((largest + 1)...(largest + 200)))
        let after = try await HTTPClient.get("/posts", on: server).objects()
        #expect(after.count == before.count + 200)
        #expect(Set(after.compactMap { $0["id"] as? Int }).count == after.count)
        #expect(try FixtureDatabase(contentsOf: url) == server.database)
        #expect(try fileNames(in: directory) == [".db.json.lock", "db.json"])
      }
    }
  }
}
