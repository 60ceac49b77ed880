/// A size in cells: `width` columns by `height` rows.
public struct Size: Hashable, Sendable {
  /// Number of columns.
  public var width: Int
  /// Number of rows.
  public var height: Int

  /// Creates a size of `width` columns by `height` rows.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
