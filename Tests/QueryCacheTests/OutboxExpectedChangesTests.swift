import Foundation
import Networking
import Persistence
import PersistenceTesting
import QueryCache
import Synchronization
import Testing

/// A waiting write's expected (optimistic) change: kept with the write in the outbox, shown over every answer for its
/// path while it waits — a server answer meanwhile does not replace it — shown again by a new run over the same
/// outbox (a restart), kept once sent, rolled back when the server refuses it.
@Suite struct OutboxExpectedChangesTests {
  static let baseURL = URL(string: "http://profile.test/api/")!
  let server = ProfileServer()
  let storage = InMemoryOutbox()
  let responses = InMemoryResponseCache()

  /// A query layer over the shared outbox and cache: a new one is a new run of the app. Every read asks the server
  /// (its answers are what a queued change must outlive).
  func makeCache() -> QueryCache {
    QueryCache(
      http: server.client, storage: responses.client,
      configuration: QueryCacheConfiguration(baseURL: Self.baseURL, namespace: "profile", forceNetwork: true),
      outbox: storage.client)
  }

  static let profile = baseURL.appending(path: "profile_personal")

  /// `PATCH profile_personal {"nickname": nickname}`, declaring its body as the change it expects.
  static func edit(_ cache: QueryCache, _ nickname: String) async throws {
    let body = Data(#"{"nickname":"\#(nickname)"}"#.utf8)
    let intent = WriteIntent(optimistic: [OptimisticChange(path: "profile_personal", merge: body)])
    _ = try await intent.run {
      try await cache.client.send(
        HTTPRequest(method: .patch, url: profile, headers: ["Content-Type": "application/json"], body: body))
    }
  }

  /// The nickname a read of the profile shows.
  static func nickname(_ cache: QueryCache) async throws -> String? {
    let response = try await cache.client.send(.get(profile))
    let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    return object?["nickname"] as? String
  }

  @Test func aQueuedChangeStaysOverTheServersAnswersAndComesBackAfterARestart() async throws {
    let cache = makeCache()
    #expect(try await Self.nickname(cache) == "server")
    server.writesFail = true
    await #expect(throws: WriteQueued(id: 1, pending: 1)) { try await Self.edit(cache, "待ち猫") }
    #expect(storage.entries.first?.expected.map(\.path) == ["profile_personal"])
    // The server answers a read while the write waits: it does not have the change yet, so it stays shown.
    #expect(try await Self.nickname(cache) == "待ち猫")
    #expect(server.nickname == "server")
    await cache.outbox?.finishSending()  // the round that read started (the write still cannot be sent)

    // A restart: a new query layer over the same outbox shows it again once it has read the outbox.
    let restarted = makeCache()
    let outbox = try #require(restarted.outbox)
    let told = Mutex<[Set<String>]>([])
    restarted.observeChanges { tags in told.withLock { $0.append(tags) } }
    #expect(try await Self.nickname(restarted) == "server")
    await outbox.refresh()
    #expect(told.withLock { $0 } == [["profile_personal"]])
    #expect(try await Self.nickname(restarted) == "待ち猫")
    await outbox.finishSending()
    await outbox.refresh()  // read again: shown once, nobody told twice
    #expect(told.withLock { $0 }.count == 1)
    #expect(try await Self.nickname(restarted) == "待ち猫")
    await outbox.finishSending()

    // Sent: the server has it, and the change is the server's own from then on.
    server.writesFail = false
    let report = await outbox.send()
    #expect(report.sent.map(\.id) == [1])
    #expect(server.nickname == "待ち猫")
    #expect(try await Self.nickname(restarted) == "待ち猫")
    // The send invalidated the path, telling the screens, and the change is dropped: from then on they show what
    // the server has, someone else's later edit included.
    #expect(told.withLock { $0 } == [["profile_personal"], ["profile_personal"]])
    server.nickname = "待ち猫 (2)"
    #expect(try await Self.nickname(restarted) == "待ち猫 (2)")
  }

  /// Issue 35: the CLI said `1 change waiting to send, shown as made` after every command, even one that showed none
  /// of that data. A run says it only when an answer it gave had a waiting change laid over it.
  @Test func onlyAnAnswerWithAWaitingChangeLaidOverItShowedItAsMade() async throws {
    let cache = makeCache()
    server.writesFail = true
    await #expect(throws: WriteQueued(id: 1, pending: 1)) { try await Self.edit(cache, "待ち猫") }
    await cache.outbox?.finishSending()

    let restarted = makeCache()
    let outbox = try #require(restarted.outbox)
    await outbox.refresh()
    await outbox.finishSending()
    _ = try await restarted.client.send(.get(Self.baseURL.appending(path: "profile_comment")))
    #expect(!restarted.showedWaitingChanges, "another path's answer shows none of the waiting change")
    #expect(try await Self.nickname(restarted) == "待ち猫")
    #expect(restarted.showedWaitingChanges)
  }

  @Test func aChangeWhoseEntryAnotherProcessDiscardedIsDroppedAndTheScreensTold() async throws {
    let cache = makeCache()
    server.writesFail = true
    await #expect(throws: WriteQueued.self) { try await Self.edit(cache, "待ち猫") }

    let restarted = makeCache()
    let outbox = try #require(restarted.outbox)
    await outbox.refresh()
    #expect(try await Self.nickname(restarted) == "待ち猫")
    await outbox.finishSending()
    let told = Mutex<[Set<String>]>([])
    restarted.observeChanges { tags in told.withLock { $0.append(tags) } }

    // `kumiki outbox discard 1` in another process: the entry is gone unsent, so the change goes.
    _ = try await storage.client.remove(1)
    await outbox.refresh()
    #expect(told.withLock { $0 } == [["profile_personal"]])
    #expect(try await Self.nickname(restarted) == "server")
    #expect(server.nickname == "server")
  }

  @Test func aChangeRestoredAfterARestartIsRolledBackWhenTheServerRefusesIt() async throws {
    let cache = makeCache()
    server.writesFail = true
    await #expect(throws: WriteQueued.self) { try await Self.edit(cache, "待ち猫") }

    let restarted = makeCache()
    let outbox = try #require(restarted.outbox)
    await outbox.refresh()
    #expect(try await Self.nickname(restarted) == "待ち猫")
    await outbox.finishSending()  // the round the read started (the write still cannot be sent)
    let told = Mutex<[Set<String>]>([])
    restarted.observeChanges { tags in told.withLock { $0.append(tags) } }
    server.writesFail = false
    server.refusal = 422
    let report = await outbox.send()
    #expect(report.refused.map(\.id) == [1])
    #expect(told.withLock { $0 } == [["profile_personal"]])  // the screens re-read: the change is gone
    #expect(try await Self.nickname(restarted) == "server")
    #expect(
      outbox.takeNotices() == [
        "The server refused a change that waited to send (PATCH profile_personal, 422) - your change was undone."
      ])
    // Read again later (another start-up): a refused entry is not shown again.
    await outbox.refresh()
    #expect(try await Self.nickname(restarted) == "server")
  }
}

/// A profile endpoint: `GET profile_personal` answers the nickname it holds; a PATCH merges its body's nickname, or
/// cannot connect (``writesFail``), or is refused (``refusal``).
final class ProfileServer: Sendable {
  private struct State {
    var nickname = "server"
    var writesFail = false
    var refusal: Int?
  }

  private let state = Mutex(State())

  var nickname: String {
    get { state.withLock { $0.nickname } }
    set { state.withLock { $0.nickname = newValue } }
  }

  var writesFail: Bool {
    get { state.withLock { $0.writesFail } }
    set { state.withLock { $0.writesFail = newValue } }
  }

  var refusal: Int? {
    get { state.withLock { $0.refusal } }
    set { state.withLock { $0.refusal = newValue } }
  }

  var client: HTTPClient {
    HTTPClient { request in
      try self.state.withLock { state in
        if request.method == .get {
          let body = try JSONSerialization.data(withJSONObject: ["id": 1, "nickname": state.nickname])
          return HTTPResponse(status: 200, body: body, url: request.url)
        }
        if state.writesFail { throw HTTPError.cannotConnect(request.url, reason: "Connection refused") }
        if let refusal = state.refusal { return HTTPResponse(status: refusal, body: Data("{}".utf8), url: request.url) }
        let patch = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any]
        if let nickname = patch?["nickname"] as? String { state.nickname = nickname }
        return HTTPResponse(status: 200, body: Data("{}".utf8), url: request.url)
      }
    }
  }
}
