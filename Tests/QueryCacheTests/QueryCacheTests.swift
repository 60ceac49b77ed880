import Foundation
import Networking
import PersistenceTesting
import QueryCache
import Testing

/// The query layer's own rules, without a store: dedup, conditional requests, keys and tags.
@Suite struct QueryCacheTests {
  let kitchen = Kitchen()
  let storage = InMemoryResponseCache()

  func makeCache() -> QueryCache {
    QueryCache(
      http: kitchen.client, storage: storage.client, configuration: QueryCacheConfiguration(baseURL: Pantry.baseURL))
  }

  @Test func identicalRequestsInFlightAreFetchedOnce() async throws {
    let cache = makeCache()
    let request = HTTPRequest.get(Pantry.baseURL.appending(path: "dishes"))
    kitchen.hold()
    let answers = try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<100 {
        // Network first, so no caller can be answered by the cache: only sharing keeps it to one transfer.
        group.addTask {
          try await QueryTrace(policy: .networkFirst).run { try await cache.client.json([String].self, request) }
        }
      }
      while cache.waiting(on: request) < 100 { await Task.yield() }
      kitchen.open()
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(answers.count == 100)
    #expect(answers.allSatisfy { $0 == ["ramen"] })
    #expect(kitchen.requests.count == 1)
    #expect(cache.transfers == 1)
  }

  /// A read sent before a write must not answer a read asked for after the write invalidated its data: the later
  /// read gets a transfer of its own (a TUI refresh in flight while the outbox sent an edit showed the old value).
  @Test func aReadAfterAnInvalidationDoesNotJoinAFetchSentBeforeIt() async throws {
    let cache = makeCache()
    let request = HTTPRequest.get(Pantry.baseURL.appending(path: "dishes"))
    kitchen.hold()
    let before = Task { try await QueryTrace(policy: .networkFirst).run { try await cache.client.data(request) } }
    while cache.waiting(on: request) < 1 { await Task.yield() }
    await cache.invalidate(tags: ["dishes"])
    let after = Task { try await QueryTrace(policy: .networkFirst).run { try await cache.client.data(request) } }
    while kitchen.requests.count < 2 && cache.waiting(on: request) < 2 { await Task.yield() }
    kitchen.open()
    _ = try await before.value
    _ = try await after.value
    #expect(cache.transfers == 2)
    #expect(kitchen.requests.count == 2)
  }

  /// A read that replaces one just cancelled (a screen's re-read cancelling the one before: three in a row after a
  /// conflict) gets a transfer of its own: it joined the abandoned, cancelled one and failed, and the screen kept
  /// showing the rolled-back change (ProfileConflictEndToEndTests).
  @Test func aReadAfterEveryCallerOfAFetchLeftDoesNotJoinIt() async throws {
    let cache = makeCache()
    let request = HTTPRequest.get(Pantry.baseURL.appending(path: "dishes"))
    kitchen.hold()
    let abandoned = Task { try await QueryTrace(policy: .networkFirst).run { try await cache.client.data(request) } }
    while cache.waiting(on: request) < 1 { await Task.yield() }
    abandoned.cancel()
    let next = Task {
      try await QueryTrace(policy: .networkFirst).run { try await cache.client.json([String].self, request) }
    }
    while cache.waiting(on: request) < 1 { await Task.yield() }
    kitchen.open()
    #expect(try await next.value == ["ramen"])
    #expect(cache.transfers == 2)
    _ = try? await abandoned.value
  }

  @Test func aRefreshOfAnUnchangedEntryIsAConditionalRequestAnswered304() async throws {
    let cache = makeCache()
    let request = HTTPRequest.get(Pantry.baseURL.appending(path: "dishes"))
    _ = try await cache.client.data(request)
    let bytesAfterFirst = kitchen.bodyBytes
    let again = try await QueryTrace(policy: .networkFirst).run { try await cache.client.json([String].self, request) }
    #expect(again == ["ramen"])
    #expect(kitchen.requests.last?.headers["If-None-Match"] == "\"ramen\"")
    #expect(kitchen.bodyBytes == bytesAfterFirst)  // the 304 carried no body
  }

  @Test func keysIgnoreThePortOfTheEmbeddedServerAndKeepTheQuery() {
    let today = QueryCacheConfiguration(baseURL: URL(string: "http://127.0.0.1:41234/")!, namespace: "embedded")
    let tomorrow = QueryCacheConfiguration(baseURL: URL(string: "http://127.0.0.1:52001/")!, namespace: "embedded")
    let search = HTTPRequest.get(
      URL(string: "http://127.0.0.1:41234/archive_items")!, query: [URLQueryItem(name: "q", value: "カレー")])
    var moved = search
    moved.url = URL(string: "http://127.0.0.1:52001/archive_items")!
    #expect(today.key(for: search) == tomorrow.key(for: moved))
    #expect(today.key(for: search).hasPrefix("GET embedded archive_items?q="))
    #expect(today.tag(for: search) == "archive_items")
  }

  @Test func tagsAndMaxAgesFollowTheFirstPathSegmentUnderTheBase() {
    let configuration = QueryCacheConfiguration(
      baseURL: URL(string: "http://api.test/v1")!, defaultMaxAge: .seconds(60),
      maxAges: ["profile_personal": .seconds(5)])
    let profile = HTTPRequest.get(URL(string: "http://api.test/v1/profile_personal")!)
    let item = HTTPRequest.get(URL(string: "http://api.test/v1/archive_items/3")!)
    #expect(configuration.tag(for: profile) == "profile_personal")
    #expect(configuration.tag(for: item) == "archive_items")
    #expect(configuration.maxAge(for: profile) == .seconds(5))
    #expect(configuration.maxAge(for: item) == .seconds(60))
  }
}
