/// Why a JSON text could not be parsed, with the 1-based line and column where parsing stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong, e.g. `expected ',' or '}' after an object member`.
  public var reason: String
  /// 1-based line of the offending byte.
  public var line: Int
  /// 1-based column (in bytes) of the offending byte.
  public var column: Int

  /// Creates an error.
  public init(reason: String, line: Int, column: Int) {
    self.reason = reason
    self.line = line
    self.column = column
  }

  /// `line L, column C: reason`.
  public var description: String { "line \(line), column \(column): \(reason)" }
}
