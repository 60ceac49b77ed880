import Foundation

/// A feature-state record that was set aside instead of deleted: replaced by another version, or unreadable.
public struct ArchivedFeatureState: Equatable, Sendable {
  /// The feature it belonged to.
  public var featureKey: String
  /// The version it was written with.
  public var version: Int
  /// Its JSON, exactly as it was stored.
  public var data: Data
  /// Why it was set aside (e.g. "replaced by version 3", or a decoding error).
  public var reason: String
  /// When it was set aside.
  public var archivedAt: Date

  /// Creates an archived record.
  public init(featureKey: String, version: Int, data: Data, reason: String, archivedAt: Date) {
    self.featureKey = featureKey
    self.version = version
    self.data = data
    self.reason = reason
    self.archivedAt = archivedAt
  }
}
