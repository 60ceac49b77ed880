/// A query the engine refuses to run. The HTTP layer answers these with `400 Bad Request`.
public enum QueryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A `FIELD_like` value is not a valid regular expression.
  case invalidPattern(parameter: String, pattern: String)
  /// The query's `FIELD_like` patterns used up the engine's ``QueryEngine/patternTimeLimit`` before matching
  /// every element: a pattern that backtracks without end, such as `(.*a){25}`.
  case patternTimedOut(parameter: String, pattern: String, limit: Duration)

  /// A sentence naming the offending parameter.
  public var description: String {
    switch self {
    case .invalidPattern(let parameter, let pattern):
      return "\(parameter)=\(pattern) is not a valid regular expression"
    case .patternTimedOut(let parameter, let pattern, let limit):
      let milliseconds = limit / .milliseconds(1)
      return "\(parameter)=\(pattern) took longer than the \(Int(milliseconds.rounded())) ms a query may spend "
        + "matching regular expressions; use a simpler pattern"
    }
  }
}
