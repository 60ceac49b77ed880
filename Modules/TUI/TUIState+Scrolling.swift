/// The scrolling keys: PgUp/PgDn, Home/End, `g`/`G`, Ctrl-U/Ctrl-D and the wheel move the view of whichever area
/// the last frame scrolled (the help, the overlay or the screen), and the focus follows what is visible.
extension TUIState {
  /// Moves the view of the scrolled area to `target(viewport)` (kept in range). On a screen or an overlay the
  /// frames stop scrolling to the focus, and a focus the view left behind moves to the nearest visible element.
  /// - Parameters:
  ///   - page: the direction of a paging key; when the view cannot move that way, the focus goes to the last (or
  ///     first) visible element instead, so PgDn on a short list still goes somewhere.
  ///   - focusEdge: Home and End: the focus goes to the first or last visible element even if it was visible.
  mutating func scrollView(
    _ context: TUIContext, page: Int = 0, focusEdge: Bool = false, to target: (Viewport) -> Int
  ) {
    guard let viewport = context.viewport else { return }
    let top = viewport.clamped(target(viewport))
    switch viewport.scroller {
    case .help:
      helpTop = top
      return
    case .outbox:
      outboxTop = top
      return
    case .switcher:
      return
    case .overlay:
      overlay?.top = top
      overlay?.followsFocus = false
    case .content:
      scroll[selectedTab] = top
      followsFocus.remove(selectedTab)
    }
    let visible = viewport.visibleFocus(from: top)
    guard let first = visible.first, let last = visible.last else { return }
    if focusEdge || (page != 0 && top == viewport.top) {
      focus[selectedTab] = page < 0 ? first : last
    } else if !viewport.shows(focusIndex, from: top) {
      let above = (viewport.focusRows[focusIndex]?.lowerBound ?? 0) < top
      focus[selectedTab] = above ? first : last
    }
  }
}
