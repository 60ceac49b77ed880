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

/// Issue 36, item 3, over the real parts: writes queued in the SQLite outbox while kumiki-api (in process, over
/// libcurl) is down reach it in order per resource, also when the sender dies between two of them — the database
/// file as a `kill -9` leaves it there (the first write answered, not yet removed) is opened by a new run, which
/// sends the rest in order; the server ends with the last write of each resource and no duplicate.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct OutboxOrderingIntegrationTests {
  /// A cache over `database`'s outbox sending through `http` to the API at `baseURL`.
  static func cache(_ baseURL: URL, _ database: KumikiDatabase, _ http: HTTPClient) -> QueryCache {
    QueryCache(
      http: http, storage: InMemoryResponseCache().client,
      configuration: QueryCacheConfiguration(baseURL: baseURL, namespace: "embedded", retry: .never),
      outbox: database.outbox)
  }

  static func json(_ method: HTTPMethod, _ url: URL, _ body: String) -> HTTPRequest {
    HTTPRequest(method: method, url: url, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
  }

  /// The value of `field` of every item of `collection` on the server, in order.
  static func values(_ collection: String, _ field: String, in server: FixtureServer) -> [String] {
    guard case .array(let items)? = server.database.root[collection] else { return [] }
    return items.map { if case .string(let value)? = $0[field] { value } else { "?" } }
  }

  @Test func orderPerResourceIsKeptWhenTheSenderIsKilledBetweenTwoWritesAndANewRunSendsTheRest() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-order-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appending(path: "api.json")
    let path = folder.appending(path: "kumiki.sqlite").path
    let killed = folder.appending(path: "killed")
    try FileManager.default.createDirectory(at: killed, withIntermediateDirectories: true)
    try Data(#"{"notes": [{"id": 1, "text": "start"}], "labels": []}"#.utf8).write(to: data)

    // The API is down: five writes to two resources are queued, in this order.
    let first = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
    let offlineURL = first.baseURL
    await first.shutdown()
    let database = try KumikiDatabase.open(path: path)
    let offline = Self.cache(offlineURL, database, .curl())
    for (method, resource, body) in [
      (HTTPMethod.patch, "notes/1", #"{"text":"one"}"#), (.post, "labels", #"{"title":"L1"}"#),
      (.patch, "notes/1", #"{"text":"two"}"#), (.patch, "notes/1", #"{"text":"three"}"#),
      (.post, "labels", #"{"title":"L2"}"#),
    ] {
      await #expect(throws: WriteQueued.self) {
        try await offline.client.send(Self.json(method, offlineURL.appending(path: resource), body))
      }
    }
    await offline.outbox?.finishSending()
    #expect(try await database.outbox.entries().map(\.state) == Array(repeating: .pending, count: 5))

    // The API is back. The sender is killed just after the first note's write was answered: its database file is
    // what that instant left on disk (the answered write not yet removed), and nothing it sends later arrives.
    let server = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data))
    let curl = HTTPClient.curl()
    let notes = Mutex(0)
    let dead = Mutex(false)
    let dying = HTTPClient { request in
      if request.url.path.contains("/notes/"),
        notes.withLock({
          $0 += 1; return $0
        }) == 2
      {
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
          try FileManager.default.copyItem(
            atPath: path + suffix, toPath: killed.appending(path: "kumiki.sqlite\(suffix)").path)
        }
        dead.withLock { $0 = true }
      }
      if dead.withLock({ $0 }) { throw HTTPError.cannotConnect(request.url, reason: "the sender was killed") }
      return try await curl.send(request)
    }
    let sender = try #require(Self.cache(server.baseURL, database, dying).outbox)
    await sender.send()
    #expect(Self.values("notes", "text", in: server) == ["one"])
    try database.close()

    // A new run opens the file the killed sender left and sends what waits: the note's writes in order (the first
    // again, with its Idempotency-Key: done once), the labels once each.
    let reopened = try KumikiDatabase.open(path: killed.appending(path: "kumiki.sqlite").path)
    defer { try? reopened.close() }
    #expect(try await reopened.outbox.entries().first?.path == "notes/1")
    let received = Mutex<[String]>([])
    let recording = HTTPClient { request in
      received.withLock { $0.append(String(decoding: request.body ?? Data(), as: UTF8.self)) }
      return try await curl.send(request)
    }
    let restarted = try #require(Self.cache(server.baseURL, reopened, recording).outbox)
    let report = await restarted.send()
    #expect(report.stopped == nil)
    #expect(report.refused.isEmpty)
    #expect(try await reopened.outbox.entries().isEmpty)
    #expect(
      received.withLock { $0 }.filter { $0.hasPrefix(#"{"text""#) } == [
        #"{"text":"one"}"#, #"{"text":"two"}"#, #"{"text":"three"}"#,
      ])
    #expect(Self.values("notes", "text", in: server) == ["three"])
    #expect(Self.values("labels", "title", in: server) == ["L1", "L2"])
    await server.shutdown()
  }

  @Test func kumikiAPIsRetryAfterOnA503ReachesTheOutboxOverLibcurlAndHoldsIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-retry-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appending(path: "api.json")
    try Data(#"{"notes": [{"id": 1, "text": "start"}]}"#.utf8).write(to: data)
    let database = try KumikiDatabase.open(path: folder.appending(path: "kumiki.sqlite").path)
    defer { try? database.close() }
    _ = try await database.outbox.add(
      OutboxWrite(
        api: "embedded", method: .patch, path: "notes/1",
        headers: [.init(name: "Content-Type", value: "application/json")],
        body: Data(#"{"text":"later"}"#.utf8), createdAt: Date(), idempotencyKey: "retry-after-1"))
    // One connection at most: another client's kept-alive connection holds it, so the outbox's is answered 503 with
    // Retry-After: 1 (the server's connection limit).
    let server = try await FixtureServer.start(FixtureServer.Configuration(databaseFile: data, maximumConnections: 1))
    let holder = HTTPClient.curl()
    #expect(try await holder.send(.get(server.baseURL.appending(path: "notes"))).status == 200)
    let curl = HTTPClient.curl()
    let busy = try await curl.send(.get(server.baseURL.appending(path: "notes")))
    #expect(busy.status == 503)
    #expect(busy.headers["Retry-After"] == "1")
    let now = Mutex(Date(timeIntervalSince1970: 1_795_000_000))
    #expect(busy.retryAfter(now: now.withLock { $0 }, limit: Outbox.longestServerWait) == .seconds(1))

    let cache = QueryCache(
      http: curl, storage: InMemoryResponseCache().client,
      configuration: QueryCacheConfiguration(baseURL: server.baseURL, namespace: "embedded", retry: .never),
      outbox: database.outbox, now: { now.withLock { $0 } })
    let outbox = try #require(cache.outbox)
    let refused = await outbox.send()
    #expect(refused.stopped?.hasSuffix("(503)") == true)
    #expect(try await database.outbox.entries().map(\.state) == [.pending])
    #expect(await outbox.send().stopped == "the server asked to wait 1 s more (Retry-After)")
    #expect(Self.values("notes", "text", in: server) == ["start"])
    _ = holder
    await server.shutdown()
  }
}
