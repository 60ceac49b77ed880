import Terminal

/// Keys in the TUI's own dialogs: the confirmation (discard? quit?) and the feature switcher. Both are modal: no
/// other key reaches the screen under them.
extension TUIState {
  /// A key while a ``Confirmation`` is asked: Tab, Shift-Tab and the arrows move between its two choices, Enter
  /// or Space takes the focused one, `y` carries it out, `n` and Esc keep editing.
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
    case .character("n"), .escape: yes = false
    default: return []
    }
    confirmation = nil
    guard yes else { return [] }
    switch asked.outcome {
    case .dismiss(let action):
      editing = nil
      return allowsChanges() ? [.dispatch(action)] : []
    case .quit: return [.quit]
    }
  }

  /// A key while the feature switcher is open: typing filters, Up/Down (Ctrl-P/Ctrl-N, Tab) choose, Enter goes to
  /// the chosen tab, Esc closes, Backspace and Ctrl-U edit the filter.
  mutating func switcherKey(_ key: KeyEvent, context: TUIContext) -> [TUICommand] {
    guard var open = switcher else { return [] }
    let matches = open.matches(in: context.tabs)
    let control = key.modifiers.contains(.control)
    switch key.key {
    case .escape:
      switcher = nil
      return []
    case .enter:
      switcher = nil
      if matches.indices.contains(open.selection) { selectTab(matches[open.selection], count: context.tabCount) }
      return []
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
}
