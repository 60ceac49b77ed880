import Terminal

/// One rendered frame: the cells, where the text cursor goes, and what the layout decided that the UI state
/// should remember (the scroll offset) or that input needs (clickable regions).
public struct TUIFrame: Sendable {
  /// The cells to render.
  public var buffer: Buffer
  /// The text cursor (shown while a field is edited), or `nil` for a hidden cursor.
  public var cursor: Point?
  /// The content scroll offset that keeps the focused element visible; store it back with
  /// `state.scroll[state.selectedTab] = frame.scrollOffset`.
  public var scrollOffset: Int
  /// Clickable regions (tabs, focusable elements), later ones on top.
  public var hits: [HitRegion]
}
