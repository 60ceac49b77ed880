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

/// Optimistic list changes kept with their writes in the real outbox (a SQLite file) and sent to the real API
/// (kumiki-api in process, libcurl): queued while the API is down, shown over the cached list, read back from the
/// file after a restart and shown again, then sent — and the server's list is what the changes said (issue 39,
/// item 6).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct OptimisticListOutboxTests {
  struct New: Encodable {
    var title: String
  }

  /// A cache over `database`'s outbox and `responses`, sending to the API at `baseURL` with libcurl.
  static func cache(_ baseURL: URL, _ database: KumikiDatabase, _ responses: InMemoryResponseCache) -> QueryCache {
    QueryCache(
      http: .curl(), storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: baseURL, namespace: "embedded", retry: .never),
      outbox: database.outbox)
  }

  /// The titles a read of `subscriptions` shows, in order.
  static func titles(_ cache: QueryCache, _ baseURL: URL) async throws -> [String] {
    let response = try await cache.client.send(.get(baseURL.appending(path: "subscriptions")))
    let list = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
    return list.map { $0["title"] as? String ?? "?" }
  }

  static func titles(in server: FixtureServer) -> [String] {
    guard case .array(let items)? = server.database.root["subscriptions"] else { return [] }
    return items.map { if case .string(let title)? = $0["title"] { title } else { "?" } }
  }

  @Test func queuedListChangesAreReadBackFromTheFileShownAfterARestartAndSent() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-list-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appending(path: "api.json")
    let path = folder.appending(path: "kumiki.sqlite").path
    try Data(#"{"subscriptions": [{"id": 1, "title": "Daily"}, {"id": 2, "title": "Weekly"}]}"#.utf8).write(to: data)
    let responses = InMemoryResponseCache()

    // The list is read (and cached), then the API goes away and two writes are queued.
    let first = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
    let database = try KumikiDatabase.open(path: path)
    let cache = Self.cache(first.baseURL, database, responses)
    #expect(try await Self.titles(cache, first.baseURL) == ["Daily", "Weekly"])
    await first.shutdown()
    let items = first.baseURL.appending(path: "subscriptions")
    let remove = WriteIntent(optimistic: [.remove(id: "1", from: "subscriptions")])
    await #expect(throws: WriteQueued.self) {
      try await remove.run {
        try await cache.client.send(HTTPRequest(method: .delete, url: items.appending(path: "1")))
      }
    }
    let insert = WriteIntent(optimistic: [try .insert(New(title: "Breaking"), into: "subscriptions")])
    await #expect(throws: WriteQueued.self) {
      try await insert.run {
        try await cache.client.send(try HTTPRequest.json(.post, items, body: New(title: "Breaking")))
      }
    }
    #expect(try await Self.titles(cache, first.baseURL) == ["Weekly", "Breaking"])
    await cache.outbox?.finishSending()
    try database.close()

    // A restart, the API still down: the changes are read back from the file and laid over the cached list.
    let reopened = try KumikiDatabase.open(path: path)
    defer { try? reopened.close() }
    let kept = try await reopened.outbox.entries()
    #expect(kept.map(\.state) == [.pending, .pending])
    #expect(kept.map { $0.expected.map(\.path) } == [["subscriptions"], ["subscriptions"]])
    let restarted = Self.cache(first.baseURL, reopened, responses)
    let outbox = try #require(restarted.outbox)
    await outbox.refresh()
    #expect(try await Self.titles(restarted, first.baseURL) == ["Weekly", "Breaking"])
    await outbox.finishSending()

    // The API is back (a new port): sent in order, and the server's list is what was shown.
    let second = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
    let online = Self.cache(second.baseURL, reopened, responses)
    let sender = try #require(online.outbox)
    await sender.start()
    let report = await sender.send()
    #expect(report.held.isEmpty)
    #expect(try await reopened.outbox.entries().isEmpty)
    #expect(Self.titles(in: second) == ["Weekly", "Breaking"])
    #expect(try await Self.titles(online, second.baseURL) == ["Weekly", "Breaking"])
    await second.shutdown()
  }
}
