/// How a cell is drawn: optional foreground and background colours (nil = the terminal's
/// default) and attributes.
public struct Style: Hashable, Sendable {
  /// Text colour; nil for the terminal's default.
  public var foreground: Color?
  /// Background colour; nil for the terminal's default.
  public var background: Color?
  /// Bold, dim, italic, underline, reverse.
  public var attributes: TextAttributes

  /// Creates a style.
  public init(foreground: Color? = nil, background: Color? = nil, attributes: TextAttributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// Default colours, no attributes (what SGR 0 produces).
  public static let plain = Style()
}
