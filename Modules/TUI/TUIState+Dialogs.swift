import FeatureKit
import Terminal

/// Keys in the TUI's own dialogs: the confirmation (discard? — a form's edits, an outbox change) and the command palette. Both are modal: no other key
/// reaches the screen under them until they close.
extension TUIState {
  /// A key while a ``Confirmation`` is asked: Tab, Shift-Tab and the arrows move between its two choices, Enter
  /// or Space takes the focused one (it opens on the safe one), `y` carries it out, `n`, `q` and Esc keep what is
  /// there.
  mutating func answer(_ key: KeyEvent) -> [TUICommand] {
    guard var asked = confirmation else { return [] }
    let yes: Bool
    switch key.key {
    case .tab, .left, .right, .character("h"), .character("l"):
      asked.focus = 1 - asked.focus
      confirmation = asked
      return []
    case .enter, .character(" "): yes = asked.focus == 0
    case .character("y"): yes = true
    case .character("n"), .character("q"), .escape: yes = false
    default: return []
    }
    confirmation = nil
    guard yes else { return [] }
    switch asked.outcome {
    case .dismiss(let action):
      editing = nil
      return allowsChanges() ? [.dispatch(action)] : []
    case .discardOutboxEntry(let id):
      guard allowsChanges() else { return [] }
      message = "Discarding change \(id)..."
      return [.resolveOutbox(id, .discard)]
    }
  }

  /// A key while the command palette is open: typing filters, Up/Down (Ctrl-P/Ctrl-N, Tab) choose, Enter runs the
  /// chosen entry (`:q` quits whatever is chosen), Esc closes, Backspace and Ctrl-U edit the filter.
  mutating func switcherKey(
    _ key: KeyEvent, focusables: [Focusable<AppAction>], context: TUIContext
  ) -> [TUICommand] {
    guard var open = switcher else { return [] }
    let entries = FeatureSwitcher.entries(tabs: context.tabs, state: self, content: context.view)
    let matches = open.matches(in: entries)
    let control = key.modifiers.contains(.control)
    switch key.key {
    case .escape:
      switcher = nil
      return []
    case .enter:
      switcher = nil
      if open.isQuit { return [.quit] }
      guard matches.indices.contains(open.selection) else { return [] }
      return run(entries[matches[open.selection]].run ?? .tab(matches[open.selection]), focusables, context)
    case .up,
      .character("p") where control:
      open.selection = max(0, open.selection - 1)
    case .down,
      .character("n") where control:
      open.selection = min(max(0, matches.count - 1), open.selection + 1)
    case .tab:
      guard !matches.isEmpty else { return [] }
      let step = key.modifiers.contains(.shift) ? -1 : 1
      open.selection = ((open.selection + step) % matches.count + matches.count) % matches.count
    case .backspace:
      guard !open.query.isEmpty else {
        switcher = nil
        return []
      }
      open.query.removeLast()
      open.selection = 0
    case .character("u") where control:
      open.query = ""
      open.selection = 0
    case .character(let character) where !control && !key.modifiers.contains(.alt):
      open.query.append(character)
      open.selection = 0
    default: return []
    }
    switcher = open
    return []
  }

  /// Runs a palette entry on the screen under the palette, as its key or a press on its element would.
  private mutating func run(
    _ entry: FeatureSwitcher.Run, _ focusables: [Focusable<AppAction>], _ context: TUIContext
  ) -> [TUICommand] {
    switch entry {
    case .tab(let index):
      selectTab(index, count: context.tabCount)
      return []
    case .key(let key): return press(key, focusables: focusables, context: context)
    case .element(let index):
      guard focusables.indices.contains(index) else { return [] }
      setFocus(index)
      return activate(focusables)
    case .quit: return [.quit]
    }
  }
}
