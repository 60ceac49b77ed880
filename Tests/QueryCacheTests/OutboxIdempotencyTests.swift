import FixtureData
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import Persistence
import PersistenceSQLite
import PersistenceTesting
import QueryCache
import Synchronization
import Testing

/// The outbox against the real API (kumiki-api in process, libcurl, a SQLite outbox file): a POST whose answer is lost
/// after the server stored it is kept with its Idempotency-Key and sent again with it — after the app and the server
/// restarted — and the server holds it once (issue 36, item 1).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct OutboxIdempotencyTests {
  /// A data file, a database file and the API's namespace in a folder of their own.
  struct Folder {
    let url = FileManager.default.temporaryDirectory.appending(path: "kumiki-idempotency-\(UUID().uuidString)")
    var data: URL { url.appending(path: "api.json") }
    var database: String { url.appending(path: "kumiki.sqlite").path }

    init() throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try Data(#"{"notes": []}"#.utf8).write(to: data)
    }
  }

  /// A cache over `database`'s outbox, sending to `server` with libcurl; keys from `keys`.
  static func cache(
    _ server: FixtureServer, _ database: KumikiDatabase, keys: @escaping @Sendable () -> String
  ) -> QueryCache {
    QueryCache(
      http: .curl(), storage: InMemoryResponseCache().client,
      configuration: QueryCacheConfiguration(baseURL: server.baseURL, namespace: "embedded", retry: .never),
      outbox: database.outbox, idempotencyKey: keys)
  }

  static func note(_ title: String, url: URL) -> HTTPRequest {
    HTTPRequest(
      method: .post, url: url.appending(path: "notes"), headers: ["Content-Type": "application/json"],
      body: Data(#"{"title":"\#(title)"}"#.utf8))
  }

  /// How many notes the server holds with `title`.
  static func count(_ title: String, in server: FixtureServer) -> Int {
    guard case .array(let notes)? = server.database.root["notes"] else { return -1 }
    return notes.count { $0["title"] == .string(title) }
  }

  @Test func aPOSTWhoseAnswerWasLostIsSentAgainWithItsKeyAfterRestartsAndTheServerHoldsItOnce() async throws {
    let folder = try Folder()
    defer { try? FileManager.default.removeItem(at: folder.url) }
    // The server stores the POST, then drops its answer (the connection reset).
    var dropping = FixtureServer.Configuration(databaseFile: folder.data)
    dropping.faults = FaultPlan(endpoints: ["notes": [.answerDropped]])
    let first = try await FixtureServer.start(dropping)
    let database = try KumikiDatabase.open(path: folder.database)
    let cache = Self.cache(first, database, keys: { "first-run-key" })
    await #expect(throws: WriteQueued.self) {
      try await cache.client.send(Self.note("一度だけ", url: first.baseURL))
    }
    #expect(Self.count("一度だけ", in: first) == 1)
    let kept = try await database.outbox.entries()
    #expect(kept.map(\.state) == [.pending])
    #expect(kept.map(\.idempotencyKey) == ["first-run-key"])
    #expect(cache.outbox?.summary.outcomeUnknown == 0)
    try database.close()
    await first.shutdown()

    // Both restart: the app reopens its database (a new run makes other keys), the server its data file.
    let second = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: folder.data))
    let reopened = try KumikiDatabase.open(path: folder.database)
    defer { try? reopened.close() }
    #expect(try await reopened.outbox.entries().map(\.idempotencyKey) == ["first-run-key"])
    let outbox = try #require(Self.cache(second, reopened, keys: { "second-run-key" }).outbox)
    await outbox.start()
    let report = await outbox.send()
    #expect(report.held.isEmpty)
    #expect(try await reopened.outbox.entries().isEmpty)
    #expect(Self.count("一度だけ", in: second) == 1)
    await second.shutdown()
  }

  @Test func theKeyIsStoredWithTheEntryAndReadBackUnchangedAfterReopeningTheFile() async throws {
    let folder = try Folder()
    defer { try? FileManager.default.removeItem(at: folder.url) }
    let database = try KumikiDatabase.open(path: folder.database)
    let write = OutboxWrite(
      api: "embedded", method: .post, path: "notes", body: Data("{}".utf8), createdAt: Date(),
      idempotencyKey: "0f5e2c1a-8d0b-4c9e-b1f3-5a6d7e8f9a0b")
    let entry = try await database.outbox.add(write)
    #expect(entry.idempotencyKey == write.idempotencyKey)
    // A key that is not one is refused when kept, not read back broken.
    var bad = write
    bad.idempotencyKey = "two words"
    await #expect(throws: PersistenceError.self) { try await database.outbox.add(bad) }
    try database.close()
    let reopened = try KumikiDatabase.open(path: folder.database)
    defer { try? reopened.close() }
    let entries = try await reopened.outbox.entries()
    #expect(entries.map(\.idempotencyKey) == [write.idempotencyKey])
    #expect(entries.map(\.isIdempotent) == [true])
  }
}
