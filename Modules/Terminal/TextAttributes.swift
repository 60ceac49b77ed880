/// Text attributes a cell can carry, as a set.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The raw bit set.
  public let rawValue: UInt8

  /// Creates the set from its raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// SGR 1.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// SGR 2.
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// SGR 3.
  public static let italic = TextAttributes(rawValue: 1 << 2)
  /// SGR 4.
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// SGR 7: foreground and background swapped.
  public static let reverse = TextAttributes(rawValue: 1 << 4)
}
