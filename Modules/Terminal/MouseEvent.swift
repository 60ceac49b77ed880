/// A mouse event from SGR mouse reporting (`CSI < b ; x ; y M/m`).
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// A button went down.
    case press
    /// A button went up.
    case release
    /// The pointer moved with a button held.
    case drag
    /// The pointer moved with no button held (needs any-motion tracking).
    case move
    /// Wheel up.
    case scrollUp
    /// Wheel down.
    case scrollDown
    /// Wheel left (horizontal scroll).
    case scrollLeft
    /// Wheel right (horizontal scroll).
    case scrollRight
  }

  /// The button involved.
  public enum Button: Hashable, Sendable {
    /// Primary button.
    case left
    /// Middle button / wheel click.
    case middle
    /// Secondary button.
    case right
    /// No button (moves, wheel events, extra buttons).
    case none
  }

  /// What happened.
  public var kind: Kind
  /// The button involved.
  public var button: Button
  /// Zero-based column.
  public var x: Int
  /// Zero-based row.
  public var y: Int
  /// Modifiers held (shift, alt, control).
  public var modifiers: KeyModifiers

  /// Creates a mouse event at zero-based column `x`, row `y`.
  public init(kind: Kind, button: Button, x: Int, y: Int, modifiers: KeyModifiers = []) {
    self.kind = kind
    self.button = button
    self.x = x
    self.y = y
    self.modifiers = modifiers
  }
}
