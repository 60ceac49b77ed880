/// A query the engine refuses to run. The HTTP layer answers these with `400 Bad Request`.
public enum QueryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A `FIELD_like` value is not a valid regular expression.
  case invalidPattern(parameter: String, pattern: String)

  /// A sentence naming the offending parameter.
  public var description: String {
    switch self {
    case .invalidPattern(let parameter, let pattern):
      return "\(parameter)=\(pattern) is not a valid regular expression"
    }
  }
}
