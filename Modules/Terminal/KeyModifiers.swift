/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The raw bit set.
  public let rawValue: UInt8

  /// Creates the set from its raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Alt (Option); also what an ESC prefix means.
  public static let alt = KeyModifiers(rawValue: 1 << 1)
  /// Control.
  public static let control = KeyModifiers(rawValue: 1 << 2)
  /// Meta (xterm modifier bit 8; rarely sent).
  public static let meta = KeyModifiers(rawValue: 1 << 3)

  /// Decodes an xterm modifier parameter (`1 + bits`, as in `CSI 1;5A`); values below 2 mean none.
  init(xtermParameter parameter: Int) {
    self.init(rawValue: parameter >= 2 ? UInt8(truncatingIfNeeded: (parameter - 1) & 0x0F) : 0)
  }
}
