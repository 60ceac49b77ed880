import Foundation

/// The part of a feature's state that survives restarts, stored by the registry under the feature's key as
/// versioned JSON.
public struct StatePersistence<State>: Sendable {
  /// The format version written now. Bump it when the stored shape changes.
  public var version: Int
  /// The JSON to store for a state, or `nil` to store nothing.
  public var save: @Sendable (State) -> Data?
  /// Applies stored JSON of `version` to a fresh state. Must not crash on data it does not understand: an unknown
  /// or older version it cannot read is ignored (the stored data is kept until overwritten).
  public var restore: @Sendable (_ state: inout State, _ data: Data, _ version: Int) -> Void

  public init(
    version: Int,
    save: @escaping @Sendable (State) -> Data?,
    restore: @escaping @Sendable (_ state: inout State, _ data: Data, _ version: Int) -> Void
  ) {
    self.version = version
    self.save = save
    self.restore = restore
  }

  /// Persists one `Codable` property: saved as JSON with sorted keys, restored only when the stored version equals
  /// `version`.
  public static func property<Value: Codable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable,
    version: Int = 1
  ) -> StatePersistence {
    StatePersistence(
      version: version,
      save: { state in
        // Sorted keys: the same state is the same bytes on every run (Foundation's encoder orders keys by hash
        // otherwise), so a restart that restores and saves again writes nothing new.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(state[keyPath: keyPath])
      },
      restore: { state, data, stored in
        guard stored == version, let value = try? JSONDecoder().decode(Value.self, from: data) else { return }
        state[keyPath: keyPath] = value
      }
    )
  }
}
