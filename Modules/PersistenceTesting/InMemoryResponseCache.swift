import Foundation
import Persistence
import Synchronization

/// A response cache in memory with the live store's contract (least-recently-used trimming to its limits,
/// invalidation by tag), for tests of the query layer and of features over it. Set `failure` to make every
/// operation throw it.
public final class InMemoryResponseCache: Sendable {
  private struct State {
    var entries: [String: CachedResponse] = [:]
    /// Keys, least recently used first.
    var recency: [String] = []
    var failure: PersistenceError?
  }

  private let state = Mutex(State())
  /// The bounds kept on every store.
  public let limits: ResponseCacheLimits

  /// An empty cache with these limits.
  public init(limits: ResponseCacheLimits = ResponseCacheLimits()) {
    self.limits = limits
  }

  /// When set, every operation throws this error and changes nothing.
  public var failure: PersistenceError? {
    get { state.withLock { $0.failure } }
    set { state.withLock { $0.failure = newValue } }
  }

  /// The entries now, keyed.
  public var entries: [String: CachedResponse] { state.withLock { $0.entries } }

  /// The client over this cache.
  public var client: ResponseCacheClient {
    ResponseCacheClient(
      entry: { key throws(PersistenceError) in try self.entry(key) },
      store: { entry throws(PersistenceError) in try self.store(entry) },
      invalidate: { tags throws(PersistenceError) in try self.invalidate(tags) },
      clear: { () throws(PersistenceError) in try self.clear() },
      status: { () throws(PersistenceError) in try self.status() }
    )
  }

  private func entry(_ key: String) throws(PersistenceError) -> CachedResponse? {
    try state.withLock { (state: inout State) throws(PersistenceError) -> CachedResponse? in
      if let failure = state.failure { throw failure }
      guard let entry = state.entries[key] else { return nil }
      state.recency.removeAll { $0 == key }
      state.recency.append(key)
      return entry
    }
  }

  private func store(_ entry: CachedResponse) throws(PersistenceError) {
    try state.withLock { (state: inout State) throws(PersistenceError) in
      if let failure = state.failure { throw failure }
      state.entries[entry.key] = entry
      state.recency.removeAll { $0 == entry.key }
      state.recency.append(entry.key)
      while state.entries.count > limits.maxEntries
        || state.entries.values.reduce(0, { $0 + $1.body.count }) > limits.maxBytes,
        !state.recency.isEmpty
      {
        state.entries[state.recency.removeFirst()] = nil
      }
    }
  }

  private func invalidate(_ tags: Set<String>) throws(PersistenceError) -> Int {
    try state.withLock { (state: inout State) throws(PersistenceError) -> Int in
      if let failure = state.failure { throw failure }
      var count = 0
      for (key, entry) in state.entries where !entry.isInvalidated && !tags.isDisjoint(with: entry.tags) {
        state.entries[key]?.isInvalidated = true
        count += 1
      }
      return count
    }
  }

  private func clear() throws(PersistenceError) -> Int {
    try state.withLock { (state: inout State) throws(PersistenceError) -> Int in
      if let failure = state.failure { throw failure }
      defer {
        state.entries = [:]
        state.recency = []
      }
      return state.entries.count
    }
  }

  private func status() throws(PersistenceError) -> ResponseCacheStatus {
    try state.withLock { (state: inout State) throws(PersistenceError) -> ResponseCacheStatus in
      if let failure = state.failure { throw failure }
      let dates = state.entries.values.map(\.fetchedAt)
      return ResponseCacheStatus(
        location: ":memory:", entries: state.entries.count,
        bytes: state.entries.values.reduce(0) { $0 + $1.body.count }, oldest: dates.min(), newest: dates.max(),
        limits: limits)
    }
  }
}
