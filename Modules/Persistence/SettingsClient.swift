import Foundation

/// A typed key-value store for settings, as a struct of closures over JSON-encoded values.
///
/// Features use the typed `get(_:)` / `set(_:_:)` / `remove(_:)` with a `SettingKey`; the closures underneath store
/// the JSON encoding of the value per key name. Writes are durable once they return. A stored value that no longer
/// decodes as the key's type makes `get` throw `PersistenceError.decodingFailed` and is kept as it is.
public struct SettingsClient: Sendable {
  /// The stored JSON for a key name, or nil if unset.
  public var load: @Sendable (_ key: String) async throws(PersistenceError) -> Data?
  /// Stores JSON for a key name, replacing any previous value.
  public var store: @Sendable (_ key: String, _ json: Data) async throws(PersistenceError) -> Void
  /// Removes a key name (a no-op when unset).
  public var delete: @Sendable (_ key: String) async throws(PersistenceError) -> Void

  /// Creates a client from its raw operations.
  public init(
    load: @escaping @Sendable (_ key: String) async throws(PersistenceError) -> Data?,
    store: @escaping @Sendable (_ key: String, _ json: Data) async throws(PersistenceError) -> Void,
    delete: @escaping @Sendable (_ key: String) async throws(PersistenceError) -> Void
  ) {
    self.load = load
    self.store = store
    self.delete = delete
  }
}

extension SettingsClient {
  /// The key's stored value, or its default when unset.
  /// - Throws: `PersistenceError.decodingFailed` if the stored value is not a `Value` (it is kept), or a storage error.
  public func get<Value>(_ key: SettingKey<Value>) async throws(PersistenceError) -> Value {
    guard let data = try await load(key.name) else { return key.defaultValue }
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      throw .decodingFailed(key: key.name, reason: String(describing: error))
    }
  }

  /// Stores a value for the key.
  /// - Throws: `PersistenceError.encodingFailed` (nothing written) or a storage error.
  public func set<Value>(_ key: SettingKey<Value>, _ value: Value) async throws(PersistenceError) {
    let data: Data
    do {
      // Fragments (top-level Bool, Int, String) are valid JSON; sorted keys keep the stored bytes stable.
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      data = try encoder.encode(value)
    } catch {
      throw .encodingFailed(key: key.name, reason: String(describing: error))
    }
    try await store(key.name, data)
  }

  /// Removes the key's value, so `get` returns the default again.
  public func remove<Value>(_ key: SettingKey<Value>) async throws(PersistenceError) {
    try await delete(key.name)
  }
}
