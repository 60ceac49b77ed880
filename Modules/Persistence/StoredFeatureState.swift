import Foundation

/// A feature's persisted state as stored: the schema version it was written with and its JSON.
public struct StoredFeatureState: Equatable, Sendable {
  /// The version of the feature's persisted-state schema that wrote `data`.
  public var version: Int
  /// The state's JSON, exactly as saved.
  public var data: Data

  /// Creates a stored record.
  public init(version: Int, data: Data) {
    self.version = version
    self.data = data
  }
}
