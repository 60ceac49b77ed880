import Terminal

/// The outbox list (`o`): the keys that choose a change and resolve it as `kumiki outbox retry ID` and `discard ID`
/// do — the app runs the same code (``TUIOptions/resolveOutbox``); the TUI only picks the change and asks before a
/// discard.
extension TUIState {
  /// A key while the outbox list is shown: Up/Down (`j` `k`) choose a change, PgUp/PgDn by a page, Home/End (`g` `G`)
  /// the first or last, the view following; `r` retries the chosen change, `d` asks, then discards it; Esc, `o` and
  /// `q` close the list. Space scrolls a page, as in the help. A read-only list (no ids) and an empty one only
  /// scroll.
  mutating func outboxKey(_ key: KeyEvent, context: TUIContext) -> [TUICommand] {
    switch key.key {
    case .escape, .character("o"), .character("q"):
      isOutboxVisible = false
      return []
    default: break
    }
    // A list the app gives no ids for is read-only: the keys scroll it, as the help's do.
    guard outbox?.id(at: 0) != nil else {
      scrollList(key, context: context)
      return []
    }
    let count = outbox?.lines.count ?? 0
    let page = context.viewport.map { max(1, $0.rows - 1) } ?? 1
    switch key.key {
    case .up, .character("k"): chooseOutboxLine(outboxSelection - 1, count: count, context: context)
    case .down, .character("j"): chooseOutboxLine(outboxSelection + 1, count: count, context: context)
    case .pageUp: chooseOutboxLine(outboxSelection - page, count: count, context: context)
    case .pageDown: chooseOutboxLine(outboxSelection + page, count: count, context: context)
    case .home, .character("g"): chooseOutboxLine(0, count: count, context: context)
    case .end, .character("G"): chooseOutboxLine(count - 1, count: count, context: context)
    case .character(" "): scrollView(context) { $0.top + max(1, $0.rows - 1) }
    case .character("r"):
      guard let id = outbox?.id(at: outboxSelection), allowsChanges() else { return [] }
      message = "Sending change \(id) again..."
      return [.resolveOutbox(id, .retry)]
    case .character("d"):
      guard let id = outbox?.id(at: outboxSelection), allowsChanges() else { return [] }
      confirmation = .discardOutboxEntry(id)
    default: break
    }
    return []
  }

  /// Follows a new outbox (the app's event): the chosen line stays on the same change while it is listed, else on
  /// the line at the same place (the last when the list got shorter).
  public mutating func noteOutbox(_ new: TUIOutbox) {
    let chosen = outbox?.id(at: outboxSelection)
    outbox = new
    if let chosen, let index = new.ids.firstIndex(of: chosen), new.id(at: index) != nil {
      outboxSelection = index
    } else {
      outboxSelection = max(0, min(outboxSelection, new.lines.count - 1))
    }
  }

  /// Chooses line `index` (kept in the list) and scrolls the list so that it shows.
  private mutating func chooseOutboxLine(_ index: Int, count: Int, context: TUIContext) {
    guard count > 0 else { return }
    outboxSelection = max(0, min(index, count - 1))
    guard let viewport = context.viewport, viewport.scroller == .outbox, viewport.rows > 0 else { return }
    if outboxSelection < outboxTop {
      outboxTop = viewport.clamped(outboxSelection)
    } else if outboxSelection >= outboxTop + viewport.rows {
      outboxTop = viewport.clamped(outboxSelection - viewport.rows + 1)
    }
  }
}
