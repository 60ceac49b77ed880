import Foundation

extension FeatureStateStore {
  /// Loads and decodes a feature's persisted state, never losing a record it cannot read.
  ///
  /// Current version: decoded with `JSONDecoder`; if that fails the record is set aside (`.setAside`). Older version:
  /// passed to `upgrade`; nil or an error sets it aside. Newer version: left in place (`.newerVersion`).
  /// - Throws: only storage errors; unreadable records are outcomes, not errors.
  public func load<Value>(_ state: PersistedState<Value>) async throws(PersistenceError) -> FeatureStateLoad<Value> {
    guard let stored = try await load(state.featureKey) else { return .missing }
    if stored.version > state.version { return .newerVersion(stored.version) }
    let reason: String
    if stored.version == state.version {
      do {
        return .loaded(try JSONDecoder().decode(Value.self, from: stored.data))
      } catch {
        reason = "version \(stored.version) does not decode: \(error)"
      }
    } else {
      do {
        if let value = try state.upgrade(stored.version, stored.data) {
          return .upgraded(value, fromVersion: stored.version)
        }
        reason = "no upgrade from version \(stored.version) to \(state.version)"
      } catch {
        reason = "upgrade from version \(stored.version) failed: \(error)"
      }
    }
    try await setAside(state.featureKey, reason)
    return .setAside(version: stored.version, reason: reason)
  }

  /// Encodes `value` as JSON and stores it under the descriptor's key and current version.
  /// - Throws: `PersistenceError.encodingFailed` (nothing written) or a storage error.
  public func save<Value>(_ value: Value, as state: PersistedState<Value>) async throws(PersistenceError) {
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      data = try encoder.encode(value)
    } catch {
      throw .encodingFailed(key: state.featureKey, reason: String(describing: error))
    }
    try await save(state.featureKey, state.version, data)
  }
}
