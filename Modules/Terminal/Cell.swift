/// One cell of a `Buffer`: a grapheme cluster, the columns it covers, and its style.
///
/// A wide (2-column) cell is followed in its buffer by a continuation cell (`isContinuation`,
/// width 0) that stands for its right half. A cell never holds a control character or a
/// zero-width cluster: `init` replaces those with U+FFFD. It holds what is drawn of its cluster: no joiner, variation
/// selector, emoji modifier or tag (`displayWidth(of:)`), which terminals disagree on.
public struct Cell: Hashable, Sendable {
  /// The grapheme cluster drawn in this cell (" " for blanks and continuation cells).
  public let character: Character
  /// How the cell is drawn.
  public var style: Style
  private let storedWidth: UInt8
  /// After this cluster the renderer re-positions the cursor (terminals may disagree on its width).
  let needsResync: Bool

  /// Creates a cell for `character` (its width per `displayWidth(of:)`); a control character or a
  /// zero-width cluster becomes U+FFFD (width 1).
  public init(_ character: Character, style: Style = .plain) {
    let metrics = ClusterMetrics(character)
    self.init(character, metrics: metrics, style: style)
  }

  /// Creates a cell from precomputed metrics; zero-width clusters become U+FFFD.
  init(_ character: Character, metrics: ClusterMetrics, style: Style) {
    if metrics.width == 0 {
      self.character = "\u{FFFD}"
      self.storedWidth = 1
      self.needsResync = false
    } else {
      self.character = metrics.drawn ?? character
      self.storedWidth = UInt8(metrics.width)
      self.needsResync = metrics.needsResync
    }
    self.style = style
  }

  private init(continuationWith style: Style) {
    self.character = " "
    self.style = style
    self.storedWidth = 0
    self.needsResync = false
  }

  /// Columns this cell's character covers: 1 or 2, or 0 for a continuation cell.
  public var width: Int { Int(storedWidth) }

  /// True for the right half of a wide character.
  public var isContinuation: Bool { storedWidth == 0 }

  /// A space in the plain style.
  public static let blank = Cell(" ")

  /// The right half of a wide character drawn in `style`.
  static func continuation(_ style: Style) -> Cell { Cell(continuationWith: style) }

  /// Cells are equal when they draw the same: same width, style and character.
  public static func == (lhs: Cell, rhs: Cell) -> Bool {
    lhs.storedWidth == rhs.storedWidth && lhs.style == rhs.style && lhs.character == rhs.character
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storedWidth)
    hasher.combine(style)
    hasher.combine(character)
  }
}
