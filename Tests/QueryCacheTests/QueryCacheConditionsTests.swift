import FixtureData
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import Persistence
import PersistenceSQLite
import PersistenceTesting
import QueryCache
import Testing

/// Conditional writes through the query layer against the real API (kumiki-api in process, libcurl) and the real
/// outbox (a SQLite file): a write carries the ETag of what the screen read (`If-Match`), a second writer's change
/// since makes it a `412` — live, or for a queued write when the outbox sends it (a conflict entry) — and Keep mine
/// sends it without the condition.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct QueryCacheConditionsTests {
  struct Nickname: Codable, Equatable {
    var nickname: String
  }

  static let document =
    #"{"profile": {"id": 1, "nickname": "first"}, "posts": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]}"#

  /// A folder with the API's data file and the database, removed afterwards.
  static func withFolder<T>(_ body: (URL, String) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-conditions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appending(path: "api.json")
    try Data(document.utf8).write(to: data)
    return try await body(data, folder.appending(path: "kumiki.sqlite").path)
  }

  static func cache(_ baseURL: URL, _ database: KumikiDatabase, _ responses: InMemoryResponseCache) -> QueryCache {
    QueryCache(
      http: .curl(), storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: baseURL, namespace: "embedded", retry: .never),
      outbox: database.outbox)
  }

  /// The other writer: a PATCH straight to the server, past any cache.
  static func otherWriter(_ server: FixtureServer, _ path: String, _ body: some Encodable) async throws {
    let request = try HTTPRequest.json(.patch, server.baseURL.appending(path: path), body: body)
    let response = try await HTTPClient.curl().send(request)
    #expect(response.status == 200)
  }

  static func nickname(in server: FixtureServer) -> String? {
    if case .string(let name)? = server.database.root["profile"]?["nickname"] { name } else { nil }
  }

  /// A PATCH of `/profile` through `cache`, declaring its change, as a feature's save does.
  static func save(
    _ nickname: String, _ cache: QueryCache, _ server: FixtureServer, overrides: Bool = false
  )
    async throws -> HTTPResponse
  {
    var intent = WriteIntent(optimistic: [try .merge(Nickname(nickname: nickname), into: "profile")])
    intent.overrides = overrides
    let url = server.baseURL.appending(path: "profile")
    let request = try HTTPRequest.json(.patch, url, body: Nickname(nickname: nickname))
    return try await intent.run { try await cache.client.send(request) }
  }

  /// Two saves of the profile, "queued 1" and "queued 2", queued in `database`'s outbox while `data`'s server is
  /// down, after a read gave them the version they are conditioned on.
  static func queueTwoSaves(_ data: URL, _ database: KumikiDatabase, _ responses: InMemoryResponseCache) async throws {
    let first = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
    let offline = Self.cache(first.baseURL, database, responses)
    _ = try await Self.shown(offline, first)
    await first.shutdown()
    await #expect(throws: WriteQueued.self) { try await Self.save("queued 1", offline, first) }
    await #expect(throws: WriteQueued.self) { try await Self.save("queued 2", offline, first) }
    await offline.outbox?.finishSending()
  }

  /// Two saves of one item queued while the API was down (``queueTwoSaves``), then the API up again on the same data
  /// (`second`), for `body` to send them.
  static func withTwoQueuedSaves(
    _ body: (KumikiDatabase, InMemoryResponseCache, FixtureServer) async throws -> Void
  ) async throws {
    try await withFolder { data, path in
      let responses = InMemoryResponseCache()
      let database = try KumikiDatabase.open(path: path)
      defer { try? database.close() }
      try await queueTwoSaves(data, database, responses)
      let second = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
      defer { second.stopSoon() }
      try await body(database, responses, second)
    }
  }

  /// What a screen shows when told the data changed: a cache-only re-read (`.load(.changed)`).
  static func shown(_ cache: QueryCache, _ server: FixtureServer) async throws -> String {
    let response = try await QueryTrace(policy: .cacheOnly).run {
      try await cache.client.send(.get(server.baseURL.appending(path: "profile")))
    }
    return try JSONDecoder().decode(Nickname.self, from: response.body).nickname
  }

  @Test func aWriteOverAChangeItDidNotSeeIs412AndKeepMineOrEditAgainGoOver() async throws {
    try await Self.withFolder { data, path in
      let server = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
      defer { server.stopSoon() }
      let database = try KumikiDatabase.open(path: path)
      defer { try? database.close() }
      let cache = Self.cache(server.baseURL, database, InMemoryResponseCache())
      #expect(try await Self.shown(cache, server) == "first")  // the screen shows the profile

      // Two saves in a row from the screen: the second is conditional on the version the first made.
      #expect(try await Self.save("mine 1", cache, server).status == 200)
      #expect(try await Self.save("mine 2", cache, server).status == 200)

      try await Self.otherWriter(server, "profile", Nickname(nickname: "theirs"))
      let refused = try await Self.save("mine 3", cache, server)
      #expect(refused.status == 412)
      #expect(Self.nickname(in: server) == "theirs")  // nothing written over theirs
      #expect(try await Self.shown(cache, server) == "theirs")  // rolled back, the server's item shown

      // Edit again: the next save is conditional on theirs, now shown, and goes.
      #expect(try await Self.save("mine 4", cache, server).status == 200)
      #expect(Self.nickname(in: server) == "mine 4")

      // Keep mine: sent without the condition, over a change it did not see.
      try await Self.otherWriter(server, "profile", Nickname(nickname: "theirs again"))
      #expect(try await Self.save("mine 5", cache, server).status == 412)
      #expect(try await Self.save("mine 5", cache, server, overrides: true).status == 200)
      #expect(Self.nickname(in: server) == "mine 5")
    }
  }

  @Test func tagsArePerItemSoAWriteToAnotherItemDoesNotConflict() async throws {
    try await Self.withFolder { data, path in
      let server = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
      defer { server.stopSoon() }
      let database = try KumikiDatabase.open(path: path)
      defer { try? database.close() }
      let cache = Self.cache(server.baseURL, database, InMemoryResponseCache())
      _ = try await cache.client.send(.get(server.baseURL.appending(path: "posts/1")))
      try await Self.otherWriter(server, "posts/2", ["title": "elsewhere"])
      let mine = try await cache.client.send(
        try .json(.patch, server.baseURL.appending(path: "posts/1"), body: ["title": "mine"]))
      #expect(mine.status == 200)
    }
  }

  @Test func aQueuedWriteThatMeetsAChangeOnDrainBecomesAConflictTheUserResolves() async throws {
    try await Self.withFolder { data, path in
      let responses = InMemoryResponseCache()
      let first = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
      let database = try KumikiDatabase.open(path: path)
      defer { try? database.close() }
      let offline = Self.cache(first.baseURL, database, responses)
      #expect(try await Self.shown(offline, first) == "first")
      let seen = try #require(try await responses.client.entry("GET embedded profile")?.header("ETag"))
      await first.shutdown()

      // Two saves queued offline over the version shown; the condition is kept with each entry.
      await #expect(throws: WriteQueued.self) { try await Self.save("queued 1", offline, first) }
      await #expect(throws: WriteQueued.self) { try await Self.save("queued 2", offline, first) }
      await offline.outbox?.finishSending()
      #expect(try await database.outbox.entries().map(\.ifMatch) == [seen, seen])

      // Back online, after another writer changed the profile: neither is written; both are conflicts.
      let second = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
      defer { second.stopSoon() }
      try await Self.otherWriter(second, "profile", Nickname(nickname: "theirs"))
      let online = Self.cache(second.baseURL, database, responses)
      let outbox = try #require(online.outbox)
      let report = await outbox.send()
      #expect(report.sent.isEmpty)
      #expect(report.held.map(\.state) == [.conflict, .conflict])
      #expect(Self.nickname(in: second) == "theirs")
      #expect(outbox.summary.statusText == "2 conflicts")
      #expect(outbox.takeNotices().first?.contains("kumiki outbox retry") == true)
      #expect(try await Self.shown(online, second) == "theirs")  // rolled back: theirs shown

      // Take theirs for the first (discarded), Keep mine for the second: sent without its condition.
      let entries = try await database.outbox.entries()
      _ = try await database.outbox.remove(entries[0].id)
      let kept = try await database.outbox.update(entries[1].id, .pending, "sent again by the user", false)
      #expect(kept?.ifMatch == nil)
      await outbox.refresh()
      let again = await outbox.send()
      #expect(again.sent.map(\.id) == [entries[1].id])
      #expect(Self.nickname(in: second) == "queued 2")
    }
  }

  /// A conflict's notice says the two ways out in the app's words (`QueryCacheConfiguration.outboxActions`: the TUI
  /// gives its keys), the CLI's commands by default; the entry itself, which either app may list, keeps words both
  /// go by.
  @Test(arguments: [false, true])
  func aConflictsNoticeSaysTheWaysOutInTheAppsWords(keys: Bool) async throws {
    try await Self.withTwoQueuedSaves { database, responses, second in
      try await Self.otherWriter(second, "profile", Nickname(nickname: "theirs"))
      var configuration = QueryCacheConfiguration(baseURL: second.baseURL, namespace: "embedded", retry: .never)
      if keys { configuration.outboxActions = { ("r on change \($0)", "d on change \($0)") } }
      let cache = QueryCache(
        http: .curl(), storage: responses.client, configuration: configuration, outbox: database.outbox)
      let outbox = try #require(cache.outbox)
      let report = await outbox.send()
      #expect(report.held.map(\.state) == [.conflict, .conflict])
      let ways = { (id: Int) in
        keys
          ? "r on change \(id); take theirs: d on change \(id)"
          : "kumiki outbox retry \(id); take theirs: kumiki outbox discard \(id)"
      }
      #expect(
        outbox.takeNotices()
          == [1, 2].map { id in
            "A change that waited to send met a newer change on the server (PATCH profile, 412) - yours was not "
              + "written. Keep yours: \(ways(id))."
          })
      let kept = "changed on the server since (412), nothing written: retry keeps yours, discard takes theirs"
      #expect(try await database.outbox.entries().map(\.lastError) == [kept, kept])
    }
  }

  @Test func queuedSavesOfOneItemAreSentEachOverTheVersionTheOneBeforeMade() async throws {
    try await Self.withTwoQueuedSaves { database, responses, second in
      let sender = try #require(Self.cache(second.baseURL, database, responses).outbox)
      let report = await sender.send()
      #expect(report.sent.count == 2)
      #expect(report.held.isEmpty)
      #expect(Self.nickname(in: second) == "queued 2")
    }
  }

  @Test func aRestartBetweenTwoQueuedSavesOfOneItemShowsNoFalseConflict() async throws {
    try await Self.withFolder { data, path in
      let responses = InMemoryResponseCache()
      let database = try KumikiDatabase.open(path: path)
      defer { try? database.close() }
      try await Self.queueTwoSaves(data, database, responses)

      // Back online, a process sends the first save and dies before the second reaches the server.
      let second = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
      defer { second.stopSoon() }
      let dying = HTTPClient.killedAfterOneRequest(over: .curl())
      let sender = QueryCache(
        http: dying, storage: responses.client,
        configuration: QueryCacheConfiguration(baseURL: second.baseURL, namespace: "embedded", retry: .never),
        outbox: database.outbox)
      #expect(try #require(await sender.outbox?.send()).sent.count == 1)
      #expect(Self.nickname(in: second) == "queued 1")
      try database.close()

      // A new process on the same file sends the second over the version the first made: no conflict.
      let reopened = try KumikiDatabase.open(path: path)
      defer { try? reopened.close() }
      let restarted = try #require(Self.cache(second.baseURL, reopened, responses).outbox)
      let report = await restarted.send()
      #expect(report.sent.count == 1)
      #expect(report.held.isEmpty)
      #expect(Self.nickname(in: second) == "queued 2")
      #expect(try await reopened.outbox.entries().isEmpty)
    }
  }
}

extension FixtureServer {
  /// Stops the server when the test's scope ends, however it ends (a failed `#require` too).
  fileprivate func stopSoon() {
    Task { await shutdown() }
  }
}
