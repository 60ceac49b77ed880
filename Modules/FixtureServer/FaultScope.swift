import FixtureData

/// Where a set of faults applies: every data endpoint, or one resource (its list, its items, or the singular
/// object). The control endpoint `/__faults` is never affected.
public enum FaultScope: Sendable, Hashable, CustomStringConvertible {
  /// Every resource.
  case global
  /// One resource, by its `db.json` key, e.g. `posts`.
  case endpoint(String)

  /// The spelling used on the command line and in `/__faults/{scope}`: `*` for ``global``, else the name.
  public init(_ text: String) {
    self = text == "*" ? .global : .endpoint(text)
  }

  /// `*` or the resource name.
  public var description: String {
    switch self {
    case .global: return "*"
    case .endpoint(let name): return name
    }
  }
}
