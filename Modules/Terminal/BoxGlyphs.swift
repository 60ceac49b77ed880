/// The characters a box border is drawn with. Every glyph is one column wide.
public struct BoxGlyphs: Hashable, Sendable {
  /// Top-left corner.
  public let topLeft: Character
  /// Top-right corner.
  public let topRight: Character
  /// Bottom-left corner.
  public let bottomLeft: Character
  /// Bottom-right corner.
  public let bottomRight: Character
  /// Top and bottom edges.
  public let horizontal: Character
  /// Left and right edges.
  public let vertical: Character

  /// Creates a glyph set; a glyph that isn't exactly one column wide is replaced by its ASCII
  /// counterpart (`+`, `-`, `|`).
  public init(
    topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character,
    horizontal: Character, vertical: Character
  ) {
    func narrow(_ glyph: Character, _ fallback: Character) -> Character {
      ClusterMetrics(glyph).width == 1 ? glyph : fallback
    }
    self.topLeft = narrow(topLeft, "+")
    self.topRight = narrow(topRight, "+")
    self.bottomLeft = narrow(bottomLeft, "+")
    self.bottomRight = narrow(bottomRight, "+")
    self.horizontal = narrow(horizontal, "-")
    self.vertical = narrow(vertical, "|")
  }

  /// `+`, `-`, `|`: safe in every terminal and font. The default.
  public static let ascii = BoxGlyphs(
    topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")

  /// Light box-drawing lines (┌ ─ ┐ │ └ ┘). These are East Asian Ambiguous: CJK-configured
  /// terminals may draw them 2 columns wide. Opt in where that risk is acceptable.
  public static let light = BoxGlyphs(
    topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")

  /// Rounded light box-drawing lines (╭ ─ ╮ │ ╰ ╯); same caveat as `light`.
  public static let rounded = BoxGlyphs(
    topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
}
