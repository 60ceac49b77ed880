import Foundation

/// Per-feature persisted state, stored as versioned JSON under the feature's key, as a struct of closures.
///
/// Contract, shared by every implementation:
/// - `save` replaces the feature's record. If the record it replaces has a *different* version, that record is first
///   moved to the archive, so changing versions (upgrades, downgrades) never loses data.
/// - `setAside` moves the current record to the archive with a reason (a no-op when there is none); used when a
///   record cannot be read, so the feature can start fresh without destroying it.
/// - `archived` lists a feature's archived records, oldest first.
/// Features normally use `load(_:)` / `save(_:as:)` with a `PersistedState`, which apply these rules.
public struct FeatureStateStore: Sendable {
  /// The feature's current record, or nil.
  public var load: @Sendable (_ featureKey: String) async throws(PersistenceError) -> StoredFeatureState?
  /// Replaces the feature's record (archiving a replaced record of another version).
  public var save: @Sendable (_ featureKey: String, _ version: Int, _ data: Data) async throws(PersistenceError) -> Void
  /// Moves the feature's current record to the archive with `reason`.
  public var setAside: @Sendable (_ featureKey: String, _ reason: String) async throws(PersistenceError) -> Void
  /// The feature's archived records, oldest first.
  public var archived: @Sendable (_ featureKey: String) async throws(PersistenceError) -> [ArchivedFeatureState]

  /// Creates a store from its operations.
  public init(
    load: @escaping @Sendable (_ featureKey: String) async throws(PersistenceError) -> StoredFeatureState?,
    save:
      @escaping @Sendable (_ featureKey: String, _ version: Int, _ data: Data) async throws(PersistenceError) ->
      Void,
    setAside: @escaping @Sendable (_ featureKey: String, _ reason: String) async throws(PersistenceError) -> Void,
    archived: @escaping @Sendable (_ featureKey: String) async throws(PersistenceError) -> [ArchivedFeatureState]
  ) {
    self.load = load
    self.save = save
    self.setAside = setAside
    self.archived = archived
  }
}
