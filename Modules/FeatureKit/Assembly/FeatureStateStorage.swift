import Foundation

/// Where the registry keeps features' persisted state: versioned JSON per feature key. The apps wire it to the
/// SQLite store (`FeatureStateStore` of the Persistence module); tests pass closures over a dictionary.
public struct FeatureStateStorage: Sendable {
  /// The stored version and JSON for a key, or `nil` when nothing is stored.
  public var load: @Sendable (_ key: String) async throws -> (version: Int, data: Data)?
  /// Stores JSON for a key.
  public var save: @Sendable (_ key: String, _ version: Int, _ data: Data) async throws -> Void

  public init(
    load: @escaping @Sendable (_ key: String) async throws -> (version: Int, data: Data)?,
    save: @escaping @Sendable (_ key: String, _ version: Int, _ data: Data) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }
}
