import FixtureData

/// A fault spelling that could not be understood.
public struct FaultSpecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text as given.
  public var spec: String
  /// What is wrong with it.
  public var reason: String

  /// Creates an error.
  public init(spec: String, reason: String) {
    self.spec = spec
    self.reason = reason
  }

  /// `invalid fault 'spec': reason`.
  public var description: String { "invalid fault '\(spec)': \(reason)" }
}
