/// Where text sits within a wider column.
public enum TextAlignment: Hashable, Sendable {
  /// Flush left, padding on the right.
  case leading
  /// Centered, the odd padding column on the right.
  case center
  /// Flush right, padding on the left.
  case trailing
}
