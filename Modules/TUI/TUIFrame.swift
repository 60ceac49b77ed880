import Terminal

/// One rendered frame: the cells, where the text cursor goes, and what the layout decided that the UI state
/// should remember (the scroll offsets) or that input needs (clickable regions, the scrolled area).
public struct TUIFrame: Sendable {
  /// The cells to render.
  public var buffer: Buffer
  /// The text cursor (shown while a field is edited), or `nil` for a hidden cursor.
  public var cursor: Point?
  /// The screen's scroll offset (kept, or moved to show the focused element); ``TUIState/noteFrame(_:)`` stores
  /// it back.
  public var scrollOffset: Int
  /// Clickable regions (tabs, focusable elements, the TUI's own dialogs' choices), later ones on top.
  public var hits: [HitRegion]
  /// The areas drawn scrolled, the one the scrolling keys move last (the help, else the overlay, else the screen).
  public var viewports: [Viewport] = []

  /// The area the scrolling keys move.
  public var viewport: Viewport? { viewports.last }
}
