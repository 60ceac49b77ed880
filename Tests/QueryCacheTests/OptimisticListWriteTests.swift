import Core
import CoreTesting
import FeatureKit
import Foundation
import MutationKit
import Networking
import PersistenceTesting
import QueryCache
import Synchronization
import Testing

/// Optimistic list changes through the query layer: items inserted, removed and moved in a collection's answer before
/// the server answers; several writes in flight on one list at once, each with its own change, laid in the order they
/// started, and a refusal that takes back only its own; queued writes whose changes stay over a refetch and come back
/// after a restart until they are sent (issue 39, item 6).
@Suite(.timeLimit(.minutes(1)))
struct OptimisticListWriteTests {
  static let baseURL = URL(string: "http://letters.test/api/")!
  static let items = baseURL.appending(path: "subscriptions")
  let server = ListServer()
  let outbox = InMemoryOutbox()
  let responses = InMemoryResponseCache()

  /// A query layer over the shared outbox and cache (a new one is a new run of the app); every read asks the server.
  func makeCache() -> QueryCache {
    QueryCache(
      http: server.client, storage: responses.client,
      configuration: QueryCacheConfiguration(
        baseURL: Self.baseURL, namespace: "letters", forceNetwork: true, retry: .never),
      outbox: outbox.client)
  }

  struct New: Encodable {
    var title: String
  }

  /// `DELETE subscriptions/<id>`, declaring the item's removal.
  static func unsubscribe(_ cache: QueryCache, _ id: Int) async throws {
    let intent = WriteIntent(optimistic: [.remove(id: String(id), from: "subscriptions")])
    _ = try await intent.run {
      try await cache.client.send(HTTPRequest(method: .delete, url: items.appending(path: String(id))))
    }
  }

  /// `POST subscriptions {"title": title}`, declaring the new item (no id yet: the server makes it) first in the list.
  static func subscribe(_ cache: QueryCache, _ title: String) async throws {
    let intent = WriteIntent(optimistic: [try .insert(New(title: title), into: "subscriptions", atStart: true)])
    _ = try await intent.run {
      try await cache.client.send(try HTTPRequest.json(.post, items, body: New(title: title)))
    }
  }

  /// `PATCH subscriptions/<id> {"position": index}`, declaring the move.
  static func move(_ cache: QueryCache, _ id: Int, to index: Int) async throws {
    let intent = WriteIntent(optimistic: [.move(id: String(id), in: "subscriptions", to: index)])
    _ = try await intent.run {
      try await cache.client.send(
        try HTTPRequest.json(.patch, items.appending(path: String(id)), body: ["position": index]))
    }
  }

  /// The titles a read of the list shows, in order.
  static func titles(_ cache: QueryCache) async throws -> [String] {
    let response = try await cache.client.send(.get(items))
    let list = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
    return list.map { $0["title"] as? String ?? "?" }
  }

  @Test func severalWritesInFlightEachShowTheirChangeAndARefusalTakesBackOnlyItsOwn() async throws {
    let cache = makeCache()
    #expect(try await Self.titles(cache) == ["Daily", "Weekly", "Monthly"])
    server.holdWrites()
    server.refuse("subscriptions/2")
    let first = Task { try await Self.unsubscribe(cache, 1) }
    await server.held(1)
    let second = Task { try await Self.unsubscribe(cache, 2) }
    await server.held(2)
    let third = Task { try await Self.subscribe(cache, "Breaking") }
    await server.held(3)
    let fourth = Task { try await Self.move(cache, 3, to: 0) }
    await server.held(4)
    // All four in flight: laid over the server's answer in the order they started.
    #expect(try await Self.titles(cache) == ["Monthly", "Breaking"])
    #expect(server.titles == ["Daily", "Weekly", "Monthly"])

    server.answer("subscriptions/2")  // refused: only its own change goes
    try await second.value
    #expect(try await Self.titles(cache) == ["Monthly", "Breaking", "Weekly"])
    for (path, task) in [("subscriptions/1", first), ("subscriptions", third), ("subscriptions/3", fourth)] {
      server.answer(path)
      try await task.value
    }
    #expect(server.titles == ["Monthly", "Breaking", "Weekly"])
    // The server's answer replaces the accepted changes: nothing shown twice.
    #expect(try await Self.titles(cache) == ["Monthly", "Breaking", "Weekly"])
  }

  /// A feature's unsubscribes, one ``Mutation`` per item (the keyed `Middleware.mutation`), through the query layer.
  enum Letters {
    struct State: Equatable, Codable, Sendable {
      var unsubscribe: [Int: Mutation<Int, Int>] = [:]
    }

    enum Action: Equatable, Codable, Sendable {
      case unsubscribe(Int, Mutation<Int, Int>.Action)
    }

    static let reducer = Reducer<State, Action> { state, action in
      switch action {
      case .unsubscribe(let id, let action): state.unsubscribe[id, default: Mutation()].reduce(action)
      }
    }

    static func middleware(_ http: HTTPClient) -> Middleware<State, Action> {
      .mutation(
        id: "letters.unsubscribe", state: { $0.unsubscribe[$1] }, action: Action.unsubscribe,
        intent: { id in WriteIntent(optimistic: [.remove(id: String(id), from: "subscriptions")]) },
        write: { id in
          let response = try await http.send(HTTPRequest(method: .delete, url: items.appending(path: String(id))))
          guard response.isSuccess else { throw HTTPError.serverError(status: response.status, url: response.url) }
          return id
        })
    }
  }

  @Test func aFeaturesUnsubscribesInFlightAtOnceAreEachRolledBackAlone() async throws {
    let cache = makeCache()
    let store = TestStore(
      initialState: Letters.State(), reducer: Letters.reducer, middlewares: [Letters.middleware(cache.client)],
      exhaustivity: .off)
    server.holdWrites()
    server.refuse("subscriptions/1")
    await store.send(.unsubscribe(1, .submit(1)))
    await server.held(1)
    await store.send(.unsubscribe(3, .submit(3)))
    await server.held(2)
    #expect(try await Self.titles(cache) == ["Weekly"])

    server.answer("subscriptions/1")
    await store.receive(.unsubscribe(1, .failed(Self.refusal(1), request: 1)))
    #expect(store.state.unsubscribe[3]?.isSending == true)
    #expect(try await Self.titles(cache) == ["Daily", "Weekly"])  // only its own change is undone
    server.answer("subscriptions/3")
    await store.receive(.unsubscribe(3, .succeeded(3, request: 1)))
    await store.finish()
    #expect(try await Self.titles(cache) == ["Daily", "Weekly"])
    #expect(server.titles == ["Daily", "Weekly"])
  }

  static func refusal(_ id: Int) -> String {
    HTTPError.serverError(status: 422, url: items.appending(path: String(id))).description
      + " - your change was undone"
  }

  @Test func queuedListChangesStayOverARefetchAndComeBackAfterARestartUntilSent() async throws {
    let cache = makeCache()
    server.writesFail = true
    await #expect(throws: WriteQueued.self) { try await Self.unsubscribe(cache, 2) }
    await #expect(throws: WriteQueued.self) { try await Self.subscribe(cache, "Breaking") }
    await #expect(throws: WriteQueued.self) { try await Self.move(cache, 3, to: 0) }
    #expect(outbox.entries.count == 3)
    // A refetch: the server does not have them yet, so they stay laid over its answer.
    #expect(try await Self.titles(cache) == ["Monthly", "Breaking", "Daily"])
    #expect(server.titles == ["Daily", "Weekly", "Monthly"])
    await cache.outbox?.finishSending()

    // A restart: shown again once the outbox is read.
    let restarted = makeCache()
    let queued = try #require(restarted.outbox)
    #expect(try await Self.titles(restarted) == ["Daily", "Weekly", "Monthly"])
    await queued.refresh()
    #expect(try await Self.titles(restarted) == ["Monthly", "Breaking", "Daily"])
    await queued.finishSending()

    // Sent in order: the server has them, and its answer is what shows (no item twice).
    server.writesFail = false
    #expect(await queued.send().sent.count == 3)
    #expect(server.titles == ["Monthly", "Breaking", "Daily"])
    #expect(try await Self.titles(restarted) == ["Monthly", "Breaking", "Daily"])
  }

  @Test func aQueuedChangeRefusedAfterARestartIsRolledBackAloneTheOthersStay() async throws {
    let cache = makeCache()
    server.writesFail = true
    await #expect(throws: WriteQueued.self) { try await Self.unsubscribe(cache, 1) }
    await #expect(throws: WriteQueued.self) { try await Self.unsubscribe(cache, 2) }
    await cache.outbox?.finishSending()

    let restarted = makeCache()
    let queued = try #require(restarted.outbox)
    await queued.refresh()
    #expect(try await Self.titles(restarted) == ["Monthly"])
    await queued.finishSending()
    server.writesFail = false
    server.refuse("subscriptions/1")
    let report = await queued.send()
    #expect(report.refused.map(\.id) == [1])
    // The refused entry holds nothing up (a 4xx is settled): the other is sent.
    #expect(report.sent.map(\.id) == [2])
    #expect(try await Self.titles(restarted) == ["Daily", "Monthly"])
  }
}

/// A collection endpoint, json-server style: `GET subscriptions` answers the list, `POST subscriptions` adds an item
/// first (a new id), `DELETE subscriptions/<id>` removes one, `PATCH subscriptions/<id> {"position": n}` moves it.
/// Writes may be held until ``answer(_:)`` lets the one on a path answer, refused (422), or not reach it at all.
final class ListServer: Sendable {
  private struct State {
    var items: [(id: Int, title: String)] = [(1, "Daily"), (2, "Weekly"), (3, "Monthly")]
    var nextID = 4
    var writesFail = false
    var refused: Set<String> = []
    var hold = false
    var held: [String: CheckedContinuation<Void, Never>] = [:]
  }

  private let state = Mutex(State())

  var titles: [String] { state.withLock { $0.items.map(\.title) } }

  var writesFail: Bool {
    get { state.withLock { $0.writesFail } }
    set { state.withLock { $0.writesFail = newValue } }
  }

  /// Writes to `path` are refused with 422 from now on.
  func refuse(_ path: String) { state.withLock { _ = $0.refused.insert(path) } }

  /// Writes wait at the server until ``answer(_:)``.
  func holdWrites() { state.withLock { $0.hold = true } }

  /// Lets the held write to `path` answer.
  func answer(_ path: String) {
    state.withLock { $0.held.removeValue(forKey: path) }?.resume()
  }

  /// Waits until `count` writes are held.
  func held(_ count: Int) async {
    while state.withLock({ $0.held.count }) < count { await Task.yield() }
  }

  var client: HTTPClient { HTTPClient { request in try await self.serve(request) } }

  private func serve(_ request: HTTPRequest) async throws -> HTTPResponse {
    let url = request.resolvedURL ?? request.url
    let path = String(url.path.dropFirst("/api/".count))
    if request.method == .get {
      let body = state.withLock { state in state.items.map { ["id": $0.id, "title": $0.title] as [String: Any] } }
      return HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: body), url: url)
    }
    if writesFail { throw HTTPError.cannotConnect(url, reason: "Connection refused") }
    await withCheckedContinuation { continuation in
      let held = state.withLock { state in
        if state.hold { state.held[path] = continuation }
        return state.hold
      }
      if !held { continuation.resume() }
    }
    return try state.withLock { state in
      guard !state.refused.contains(path) else { return HTTPResponse(status: 422, body: Data("{}".utf8), url: url) }
      let body = try request.body.map { try JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? nil
      let id = Int(path.split(separator: "/").last ?? "")
      switch request.method {
      case .post:
        state.items.insert((state.nextID, body?["title"] as? String ?? ""), at: 0)
        state.nextID += 1
      case .delete: state.items.removeAll { $0.id == id }
      case .patch:
        guard let from = state.items.firstIndex(where: { $0.id == id }), let to = body?["position"] as? Int else {
          break
        }
        let item = state.items.remove(at: from)
        state.items.insert(item, at: min(to, state.items.count))
      default: break
      }
      return HTTPResponse(status: 200, body: Data("{}".utf8), url: url)
    }
  }
}
