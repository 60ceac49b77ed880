/// What `FeatureStateStore.load(_:)` found for a feature.
public enum FeatureStateLoad<Value: Sendable>: Sendable {
  /// Nothing stored: start from the feature's initial state.
  case missing
  /// A record of the current version, decoded.
  case loaded(Value)
  /// A record of an older version, upgraded by the descriptor's `upgrade`. Saving writes the current version and
  /// archives the old record.
  case upgraded(Value, fromVersion: Int)
  /// A record of a newer version (written by a newer build). It was left in place; saving archives it first.
  case newerVersion(Int)
  /// A record that could not be decoded or upgraded. It was moved to the archive with `reason`, not deleted.
  case setAside(version: Int, reason: String)

  /// The usable value, if any.
  public var value: Value? {
    switch self {
    case .loaded(let value), .upgraded(let value, _): value
    case .missing, .newerVersion, .setAside: nil
    }
  }
}

extension FeatureStateLoad: Equatable where Value: Equatable {}
