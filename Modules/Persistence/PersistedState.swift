import Foundation

/// How a feature persists part of its state: the feature's key, the current schema version, and how to read older
/// versions.
///
/// ```swift
/// let filters = PersistedState<Filters>(featureKey: "archive.filters", version: 2) { version, data in
///   version == 1 ? Filters(legacy: try JSONDecoder().decode(FiltersV1.self, from: data)) : nil
/// }
/// ```
/// Bump `version` whenever the JSON shape of `Value` changes incompatibly, and teach `upgrade` the old shape (or
/// return nil to start fresh — the old record is archived, not deleted).
public struct PersistedState<Value: Codable & Sendable>: Sendable {
  /// The feature's key in the store (unique per feature).
  public let featureKey: String
  /// The schema version this build writes and reads directly.
  public let version: Int
  /// Turns a record of an older version into a `Value`; nil (or a thrown error) means "cannot", and the record is set
  /// aside.
  public let upgrade: @Sendable (_ storedVersion: Int, _ data: Data) throws -> Value?

  /// Creates a descriptor; by default older versions are not upgraded (they are set aside).
  public init(
    featureKey: String, version: Int,
    upgrade: @escaping @Sendable (_ storedVersion: Int, _ data: Data) throws -> Value? = { _, _ in nil }
  ) {
    self.featureKey = featureKey
    self.version = version
    self.upgrade = upgrade
  }
}
