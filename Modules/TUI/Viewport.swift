/// A window of rows over content taller than it, as a frame laid it out: where it starts, how many rows it shows,
/// how tall the content is and which rows each focusable element covers. The UI state moves the window with the
/// scrolling keys and picks a visible element to focus from the last frame's viewport.
public struct Viewport: Sendable, Equatable {
  /// Which scrolled area of the frame this is.
  public enum Scroller: Sendable, Equatable {
    /// The selected tab's screen.
    case content
    /// The modal overlay's box (a form, a detail).
    case overlay
    /// The key help.
    case help
    /// The outbox list (`o`).
    case outbox
    /// The feature switcher's list.
    case switcher
  }

  /// Which area this is.
  public var scroller: Scroller
  /// The first content row shown.
  public var top: Int
  /// How many rows the window shows.
  public var rows: Int
  /// How many rows the content has.
  public var contentHeight: Int
  /// The rows each focus index covers.
  public var focusRows: [Int: Range<Int>]

  /// Creates a viewport.
  public init(scroller: Scroller, top: Int, rows: Int, contentHeight: Int, focusRows: [Int: Range<Int>] = [:]) {
    self.scroller = scroller
    self.top = top
    self.rows = rows
    self.contentHeight = contentHeight
    self.focusRows = focusRows
  }

  /// The largest first row: the content's last row at the window's bottom.
  public var maxTop: Int { max(0, contentHeight - rows) }

  /// Whether the content is taller than the window.
  public var overflows: Bool { contentHeight > rows }

  /// `top` kept between 0 and ``maxTop``.
  public func clamped(_ top: Int) -> Int { min(max(0, top), maxTop) }

  /// Whether focus index `focus` lies wholly in the window starting at `top` (or fills it).
  public func shows(_ focus: Int, from top: Int) -> Bool {
    guard let range = focusRows[focus] else { return false }
    let window = top..<(top + rows)
    return (range.lowerBound >= window.lowerBound && range.upperBound <= window.upperBound)
      || (range.lowerBound <= window.lowerBound && range.upperBound >= window.upperBound)
  }

  /// The focus indices wholly in the window starting at `top`, in focus order.
  public func visibleFocus(from top: Int) -> [Int] {
    focusRows.keys.filter { shows($0, from: top) }.sorted()
  }
}
