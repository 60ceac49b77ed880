import FixtureData
import FixtureServer
import Foundation
import Testing

/// The options a scenario runs on, against the real server: lists served empty, resources replaced, a latency and
/// failing resources together (`kumiki-api --empty`, `--replace`, `--delay`, `--fault`).
@Suite("FixtureServer: scenario options")
struct ScenarioOptionsTests {
  let database = FixtureDatabase(
    root: JSONObject([
      ("items", .array([.object(JSONObject([("id", .integer(1)), ("title", .string("one"))]))])),
      ("others", .array([.object(JSONObject([("id", .integer(7))]))])),
      ("profile", .object(JSONObject([("name", .string("組木"))]))),
    ]))

  @Test("named lists are served empty; other lists and singular resources keep their data")
  func emptiedNamed() async throws {
    try await withFixtureServer(.init(database: database, emptiedLists: .named(["items"]))) { server async throws in
      #expect(try await HTTPClient.get("/items", on: server).objects().isEmpty)
      #expect(try await HTTPClient.get("/others", on: server).objects().count == 1)
      #expect(try await HTTPClient.get("/profile", on: server).object()["name"] as? String == "組木")
      #expect(try await HTTPClient.get("/items/1", on: server).status == 404)
    }
  }

  @Test("every list served empty ('*'); singular resources kept")
  func emptiedAll() async throws {
    try await withFixtureServer(.init(database: database, emptiedLists: ListSelection(spellings: ["*"]))) {
      server async throws in
      #expect(try await HTTPClient.get("/items", on: server).objects().isEmpty)
      #expect(try await HTTPClient.get("/others", on: server).objects().isEmpty)
      #expect(try await HTTPClient.get("/profile", on: server).status == 200)
    }
  }

  @Test("replaced resources are served instead of the data's, new ones added, before lists are emptied")
  func replaced() async throws {
    let replacement = JSONObject([
      ("items", .array([.object(JSONObject([("id", .integer(9)), ("title", .string("nine"))]))])),
      ("extra", .array([])),
    ])
    try await withFixtureServer(
      .init(database: database, replacedResources: replacement, emptiedLists: .named(["others"]))
    ) { server async throws in
      let items = try await HTTPClient.get("/items", on: server).objects()
      #expect(items.map { $0["id"] as? Int } == [9])
      #expect(try await HTTPClient.get("/extra", on: server).status == 200)
      #expect(try await HTTPClient.get("/others", on: server).objects().isEmpty)
    }
  }

  @Test("a name that is not a list stops the start, naming it and the lists")
  func notAList() async throws {
    for name in ["profile", "missing"] {
      await #expect(
        throws: FixtureServerError.invalidConfiguration(
          reason: "cannot empty lists: \"\(name)\" is not a list of the data (its lists: items, others)")
      ) {
        let server = try await startServer(.init(database: database, emptiedLists: .named([name])))
        await server.shutdown()
      }
    }
  }

  @Test("not with a database file: the first write would save the changed data")
  func notWithAFile() async throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "scenario-\(UUID().uuidString).json")
    await #expect(throws: FixtureServerError.self) {
      let server = try await startServer(.init(databaseFile: file, emptiedLists: .all))
      await server.shutdown()
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test("a latency and a failing resource, as the slow and failing scenarios start the server")
  func latencyAndStatus() async throws {
    var faults = FaultPlan()
    try faults.add(rule: "*:status=500")
    try await withFixtureServer(.init(database: database, delay: .milliseconds(300), faults: faults)) {
      server async throws in
      let clock = ContinuousClock()
      let started = clock.now
      let reply = try await HTTPClient.get("/items", on: server)
      #expect(clock.now - started >= .milliseconds(300))
      #expect(reply.status == 500)
    }
  }
}
