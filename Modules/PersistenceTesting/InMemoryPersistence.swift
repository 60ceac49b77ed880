import Foundation
import Persistence
import Synchronization

/// An in-memory store with the same contracts as the live SQLite one, for feature tests.
///
/// Saved items are idempotent (a re-save keeps the original `savedAt`), listed newest first, and observed like the live
/// store (current list at once, then one list per change, no consecutive repeats). Settings keep JSON per key.
/// Feature state archives a replaced record of another version. Set `failure` to make every operation throw that
/// error (to test a feature's error paths); clear it to recover.
///
/// ```swift
/// let persistence = InMemoryPersistence(savedItems: [.sample])
/// let store = Store(..., dependencies: .init(persistence: persistence.client))
/// ```
public final class InMemoryPersistence: Sendable {
  private struct State {
    var savedItems: [Int: SavedItem] = [:]
    var settings: [String: Data] = [:]
    var featureStates: [String: StoredFeatureState] = [:]
    var archive: [ArchivedFeatureState] = []
    var observers: [UUID: AsyncThrowingStream<[SavedItem], any Error>.Continuation] = [:]
    var failure: PersistenceError?
  }

  private let state: Mutex<State>

  /// Creates a store holding `savedItems`, `settings` (as JSON per key) and nothing else.
  public init(savedItems: [SavedItem] = [], settings: [String: Data] = [:]) {
    var initial = State()
    for item in savedItems { initial.savedItems[item.id] = initial.savedItems[item.id] ?? item }
    initial.settings = settings
    state = Mutex(initial)
  }

  /// When set, every operation throws this error and changes nothing; `observe` streams end with it.
  public var failure: PersistenceError? {
    get { state.withLock { $0.failure } }
    set {
      let observers = state.withLock { state in
        state.failure = newValue
        return newValue == nil ? [] : Array(state.observers.values)
      }
      if let newValue { for observer in observers { observer.finish(throwing: newValue) } }
    }
  }

  /// The saved items now, newest first (a synchronous peek for assertions).
  public var currentSavedItems: [SavedItem] {
    state.withLock { Self.sorted($0.savedItems) }
  }

  /// The three clients over this store.
  public var client: PersistenceClient {
    PersistenceClient(savedItems: savedItems, settings: settings, featureState: featureState)
  }

  /// Saved items with the `SavedItemsClient` contract.
  public var savedItems: SavedItemsClient {
    SavedItemsClient(
      save: { item throws(PersistenceError) in
        try self.mutateSavedItems { items in
          if let existing = items[item.id] {
            var refreshed = item
            refreshed.savedAt = existing.savedAt
            items[item.id] = refreshed
          } else {
            items[item.id] = item
          }
        }
      },
      unsave: { id throws(PersistenceError) in
        try self.mutateSavedItems { items in items.removeValue(forKey: id) }
      },
      list: { () throws(PersistenceError) in try self.access { Self.sorted($0.savedItems) } },
      contains: { id throws(PersistenceError) in try self.access { $0.savedItems[id] != nil } },
      allIDs: { () throws(PersistenceError) in try self.access { Set($0.savedItems.keys) } },
      observe: { self.observeSavedItems() }
    )
  }

  /// Settings with the `SettingsClient` contract.
  public var settings: SettingsClient {
    SettingsClient(
      load: { key throws(PersistenceError) in try self.access { $0.settings[key] } },
      store: { key, json throws(PersistenceError) in try self.access { $0.settings[key] = json } },
      delete: { key throws(PersistenceError) in try self.access { $0.settings[key] = nil } }
    )
  }

  /// Feature state with the `FeatureStateStore` contract.
  public var featureState: FeatureStateStore {
    FeatureStateStore(
      load: { key throws(PersistenceError) in try self.access { $0.featureStates[key] } },
      save: { key, version, data throws(PersistenceError) in
        try self.access { state in
          if let old = state.featureStates[key], old.version != version {
            state.archive.append(Self.archived(old, key: key, reason: "replaced by version \(version)"))
          }
          state.featureStates[key] = StoredFeatureState(version: version, data: data)
        }
      },
      setAside: { key, reason throws(PersistenceError) in
        try self.access { state in
          if let old = state.featureStates.removeValue(forKey: key) {
            state.archive.append(Self.archived(old, key: key, reason: reason))
          }
        }
      },
      archived: { key throws(PersistenceError) in try self.access { $0.archive.filter { $0.featureKey == key } } }
    )
  }

  // MARK: - Internals

  private func access<T>(_ body: (inout State) -> T) throws(PersistenceError) -> T {
    let result: Result<T, PersistenceError> = state.withLock { state in
      if let failure = state.failure { return .failure(failure) }
      return .success(body(&state))
    }
    return try result.get()
  }

  /// Applies a change, returning what it returns, and, if the list changed, sends the new list to every observer (under the lock, so observers
  /// see changes in order).
  private func mutateSavedItems<T>(_ change: (inout [Int: SavedItem]) -> T) throws(PersistenceError) -> T {
    try access { state in
      let before = state.savedItems
      let result = change(&state.savedItems)
      guard state.savedItems != before else { return result }
      let list = Self.sorted(state.savedItems)
      for observer in state.observers.values { observer.yield(list) }
      return result
    }
  }

  private func observeSavedItems() -> AsyncThrowingStream<[SavedItem], any Error> {
    let (stream, continuation) = AsyncThrowingStream<[SavedItem], any Error>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    state.withLock { state in
      if let failure = state.failure {
        continuation.finish(throwing: failure)
        return
      }
      continuation.yield(Self.sorted(state.savedItems))
      state.observers[id] = continuation
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  private static func sorted(_ items: [Int: SavedItem]) -> [SavedItem] {
    items.values.sorted(by: SavedItem.newestFirst)
  }

  private static func archived(_ record: StoredFeatureState, key: String, reason: String) -> ArchivedFeatureState {
    ArchivedFeatureState(
      featureKey: key, version: record.version, data: record.data, reason: reason, archivedAt: Date())
  }
}
