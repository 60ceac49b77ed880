/// A cell position: column `x` and row `y`, both zero-based from the top-left corner.
public struct Point: Hashable, Sendable {
  /// Zero-based column.
  public var x: Int
  /// Zero-based row.
  public var y: Int

  /// Creates a position at column `x`, row `y`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}
