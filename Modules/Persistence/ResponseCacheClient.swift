import Foundation

/// Storage for the response cache, as a struct of closures: SQLite in the apps (`ResponseCacheDatabase`, a file of
/// its own beside the database), memory in tests (`InMemoryResponseCache`).
///
/// Contract, shared by every implementation:
/// - `entry` returns the entry for a key and counts as a use (least-recently-used order);
/// - `store` replaces the entry with the same key, then removes least recently used entries until the cache is
///   within its ``ResponseCacheLimits``;
/// - `invalidate` marks every entry carrying one of the tags (the entries stay readable, for offline use) and
///   returns how many it marked; `clear` removes everything and returns how many it removed;
/// - entries survive restarts and are shared by processes using the same file.
/// Every operation throws only `PersistenceError`.
public struct ResponseCacheClient: Sendable {
  /// The entry for `key`, if any (a use).
  public var entry: @Sendable (_ key: String) async throws(PersistenceError) -> CachedResponse?
  /// Stores `entry`, replacing one with its key, and trims the cache to its limits.
  public var store: @Sendable (_ entry: CachedResponse) async throws(PersistenceError) -> Void
  /// Marks the entries tagged with any of `tags` as invalidated; returns how many.
  public var invalidate: @Sendable (_ tags: Set<String>) async throws(PersistenceError) -> Int
  /// Removes every entry; returns how many.
  public var clear: @Sendable () async throws(PersistenceError) -> Int
  /// What the cache holds.
  public var status: @Sendable () async throws(PersistenceError) -> ResponseCacheStatus

  /// Creates a client from its operations.
  public init(
    entry: @escaping @Sendable (_ key: String) async throws(PersistenceError) -> CachedResponse?,
    store: @escaping @Sendable (_ entry: CachedResponse) async throws(PersistenceError) -> Void,
    invalidate: @escaping @Sendable (_ tags: Set<String>) async throws(PersistenceError) -> Int,
    clear: @escaping @Sendable () async throws(PersistenceError) -> Int,
    status: @escaping @Sendable () async throws(PersistenceError) -> ResponseCacheStatus
  ) {
    self.entry = entry
    self.store = store
    self.invalidate = invalidate
    self.clear = clear
    self.status = status
  }
}
