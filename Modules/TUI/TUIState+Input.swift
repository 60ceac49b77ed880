import FeatureKit
import Presentation
import Terminal

/// Input handling: keys, pastes, mouse and resizes become UI state changes and commands.
extension TUIState {
  /// Handles one input event; returns what the app loop must do (dispatch actions, quit, export…).
  public mutating func handle(_ event: InputEvent, in context: TUIContext) -> [TUICommand] {
    var context = context
    // The rows the frame showed: a filtered screen's focus indices count the rows kept.
    if let rowFilter { context.view = context.view?.keepingRows(containing: rowFilter) }
    let focusables = context.view.map { FocusCollector.focusables(in: $0) } ?? []
    clampFocus(count: focusables.count, tabCount: context.tabCount)
    if let fieldID = editing?.fieldID, !focusables.contains(where: { $0.field?.id == fieldID }) { editing = nil }
    switch event {
    case .resize(let size):
      self.size = size
      return []
    case .paste(let text):
      if var open = switcher {
        // Cleaned and bounded as a text field's paste is: the query is matched on every key press and frame.
        let query = open.query + TextEditing.clean(text).filter { !$0.isNewline }
        open.query = String(query.prefix(TextEditing.maximumLength))
        open.selection = 0
        switcher = open
        return []
      }
      guard confirmation == nil, !isHelpVisible, !isOutboxVisible else { return [] }
      if isTypingRowFilter {
        filterRows((rowFilter ?? "") + TextEditing.clean(text).filter { !$0.isNewline })
        return []
      }
      return paste(text, focusables: focusables)
    case .mouse(let mouse):
      return click(mouse, focusables: focusables, context: context)
    case .key(let key):
      message = nil
      return press(key, focusables: focusables, context: context)
    }
  }

  // MARK: Keys

  mutating func press(
    _ key: KeyEvent, focusables: [Focusable<AppAction>], context: TUIContext
  ) -> [TUICommand] {
    let control = key.modifiers.contains(.control)
    if control, !key.modifiers.contains(.alt), case .character(let letter) = key.key {
      switch letter {
      case "c": return [.quit]
      case "l": return [.redraw]
      case "z": return [.suspend]
      default: break
      }
    }
    // Alt+key (ESC and the key in one read: Alt, or Esc-then-key sent together by tmux) is a key of its own, bound to
    // nothing: never its plain letter (Alt-q does not quit, Alt-r does not refresh) and never text in a field.
    if key.modifiers.contains(.alt) {
      if case .character(let letter) = key.key { message = "Alt-\(letter) does nothing here" }
      return []
    }
    if confirmation != nil { return answer(key) }
    if switcher != nil { return switcherKey(key, focusables: focusables, context: context) }
    if editing != nil, let commands = edit(key, focusables: focusables) { return commands }
    if isTypingRowFilter { return rowFilterKey(key) }
    // Outside a text field, a Ctrl+letter that is not bound here is not its plain letter: Ctrl-Q does not quit and
    // Ctrl-D does not open DevTools.
    if control, case .character(let letter) = key.key {
      switch letter {
      case "u": scrollView(context) { $0.top - max(1, $0.rows / 2) }
      case "d": scrollView(context) { $0.top + max(1, $0.rows / 2) }
      default: break
      }
      return []
    }
    if isHelpVisible { return helpKey(key, context: context) }
    if isOutboxVisible { return outboxKey(key, context: context) }
    let inDialog = context.view?.firstOverlay != nil
    switch key.key {
    case .character("q"): return quit(focusables, context: context)
    case .tab:
      let step = key.modifiers.contains(.shift) ? -1 : 1
      if inDialog {
        cycleFocus(step, count: focusables.count)
      } else {
        selectTab(selectedTab + step, count: context.tabCount)
      }
    case .character(let digit) where digit.isASCII && ("1"..."9").contains(digit):
      let index = Int(String(digit))! - 1
      if index < context.tabCount && !inDialog { selectTab(index, count: context.tabCount) }
    case .character(":"):
      if !inDialog { switcher = FeatureSwitcher() }
    case .character("o") where outbox != nil && !inDialog:
      isOutboxVisible = true
      outboxTop = 0
      outboxSelection = 0
    case .character("?"), .function(1):
      isHelpVisible = true
      helpTop = 0
    case .character("d"), .function(12): toggleDevTools(context)
    case .character("G") where devTools.isVisible && devTools.position != nil:
      devTools.position = nil
    case .character("["), .character("]"), .character("e"):
      return devToolsKey(key.key, context: context)
    case .character("r"):
      guard allowsChanges() else { return [] }
      return [.dispatch(.app(.refreshAll))]
    case .character("u"): return undo(focusables, context: context)
    case .character("/"): return inDialog ? focusSearch(focusables) : slash(focusables)
    case .up, .character("k"): moveVertically(-1, focusables, context: context)
    case .down, .character("j"): moveVertically(1, focusables, context: context)
    case .left, .character("h"): moveHorizontally(-1, focusables)
    case .right, .character("l"): moveHorizontally(1, focusables)
    case .pageUp: scrollView(context, page: -1) { $0.top - max(1, $0.rows - 1) }
    case .pageDown: scrollView(context, page: 1) { $0.top + max(1, $0.rows - 1) }
    case .home, .character("g"): scrollView(context, page: -1, focusEdge: true) { _ in 0 }
    case .end, .character("G"): scrollView(context, page: 1, focusEdge: true) { $0.maxTop }
    case .enter, .character(" "): return activate(focusables)
    case .escape: return escape(context, focusables: focusables)
    default: break
    }
    return []
  }

  /// `q`, as in tig and k9s: types q into a focused text field; otherwise closes the innermost view (a dialog —
  /// asking first when a changed form would be lost —, DevTools, the row filter; the help and the outbox are closed
  /// before this) and quits only from the top level.
  private mutating func quit(_ focusables: [Focusable<AppAction>], context: TUIContext) -> [TUICommand] {
    if focusables.indices.contains(focusIndex), let field = focusables[focusIndex].field, field.isEnabled,
      allowsChanges()
    {
      editing = TextEditing(fieldID: field.id, text: field.text)
      return apply(.insert("q"), focusables: focusables)
    }
    return closeInnermost(context, focusables: focusables) ?? [.quit]
  }

  /// Closes the innermost view under the help, the outbox and the TUI's own dialogs (which close themselves): the
  /// screen's dialog (its dismiss action; a changed form asks first), then DevTools, then the row filter (a dialog
  /// without a dismiss action stays). `nil` at the top level, where nothing is left to close: Esc does nothing there, `q` quits.
  mutating func closeInnermost(_ context: TUIContext, focusables: [Focusable<AppAction>]) -> [TUICommand]? {
    if let back = returnFromRoute(tabCount: context.tabCount) { return back }  // a route's screen: TUIState+Routes
    if let dismiss = context.view?.firstOverlay?.dismiss {
      guard allowsChanges() else { return [] }
      if overlayIsChanged(focusables) {
        confirmation = .discard(dismiss)
        return []
      }
      return [.dispatch(dismiss)]
    }
    if devTools.isVisible {
      devTools = DevToolsUI()
      return []
    }
    // A dialog with no way to close it (a tour's first page) is not left by quitting past it: Ctrl-C quits.
    if context.view?.firstOverlay != nil { return [] }
    if rowFilter != nil {
      filterRows(nil)
      return []
    }
    return nil
  }

  /// `/`: edits the screen's search field; on a screen with rows and no field of its own, types a row filter.
  private mutating func slash(_ focusables: [Focusable<AppAction>]) -> [TUICommand] {
    guard !focusables.contains(where: { $0.kind == .textField }),
      focusables.contains(where: { [.listItem, .card].contains($0.kind) }) || rowFilter != nil
    else { return focusSearch(focusables) }
    isTypingRowFilter = true
    if rowFilter == nil { filterRows("") }
    return []
  }

  /// A key while the row filter is typed: text narrows the rows, Backspace and Ctrl-U edit (Backspace on an empty
  /// filter clears it), Enter keeps it and gives the keys back to the rows, Esc clears it. Other keys are ignored.
  private mutating func rowFilterKey(_ key: KeyEvent) -> [TUICommand] {
    let text = rowFilter ?? ""
    switch key.key {
    case .enter, .tab, .down, .up:
      isTypingRowFilter = false
      if text.isEmpty { filterRows(nil) }
    case .escape: filterRows(nil)
    case .backspace: text.isEmpty ? filterRows(nil) : filterRows(String(text.dropLast()))
    case .character("u") where key.modifiers.contains(.control): filterRows("")
    case .character(let character) where key.modifiers.isEmpty || key.modifiers == .shift:
      filterRows(text + TextEditing.clean(String(character)))
    default: break
    }
    return []
  }

  /// Sets the row filter (`nil`: none, and no longer typed), cut as a field's text is; the focus and the view go
  /// back to the first row, since the rows change.
  mutating func filterRows(_ text: String?) {
    rowFilter = text.map { String($0.prefix(TextEditing.maximumLength)) }
    if text == nil { isTypingRowFilter = false }
    focus[selectedTab] = 0
    scroll[selectedTab] = 0
  }

  /// `u`: the undo of the toast on view (`Saved …`, `Removed … - u to undo`), while one offers it and the focus is
  /// not on a text field. The feature's reducer decides whether it still applies.
  private mutating func undo(_ focusables: [Focusable<AppAction>], context: TUIContext) -> [TUICommand] {
    let onField = focusables.indices.contains(focusIndex) && focusables[focusIndex].kind == .textField
    guard !onField, let undo = context.view?.firstToast?.undo, allowsChanges() else { return [] }
    return [.dispatch(undo)]
  }

  /// Keys while the help is shown: the scrolling keys scroll it, Esc, `?` or `q` close it.
  private mutating func helpKey(_ key: KeyEvent, context: TUIContext) -> [TUICommand] {
    switch key.key {
    case .escape, .character("?"), .function(1), .character("q"): isHelpVisible = false
    default: scrollList(key, context: context)
    }
    return []
  }

  /// The keys that scroll a list shown in a box (the help): the arrows and `j` `k` by a row, PgUp, PgDn
  /// and Space by a page, Home `g` and End `G` to either end (Ctrl-U, Ctrl-D and the wheel scroll it too).
  mutating func scrollList(_ key: KeyEvent, context: TUIContext) {
    switch key.key {
    case .up, .character("k"): scrollView(context) { $0.top - 1 }
    case .down, .character("j"): scrollView(context) { $0.top + 1 }
    case .pageUp: scrollView(context) { $0.top - max(1, $0.rows - 1) }
    case .pageDown, .character(" "): scrollView(context) { $0.top + max(1, $0.rows - 1) }
    case .home, .character("g"): scrollView(context) { _ in 0 }
    case .end, .character("G"): scrollView(context) { $0.maxTop }
    default: break
    }
  }

  /// Keys while a text field is edited; `nil` lets the key through to the global handling (after leaving the
  /// field, for navigation keys). Every edit that changes the text dispatches the field's `change` with the whole
  /// new text; the field then shows what the store holds.
  private mutating func edit(_ key: KeyEvent, focusables: [Focusable<AppAction>]) -> [TUICommand]? {
    guard let cursor = editing else { return nil }
    let control = key.modifiers.contains(.control)
    let edit: TextEditing.Edit
    switch key.key {
    case .character(let character) where !control && !key.modifiers.contains(.alt):
      edit = .insert(String(character))
    case .character("u") where control: edit = .deleteToStart
    case .character("w") where control: edit = .deleteWordBackward
    case .character("k") where control: edit = .deleteToEnd
    case .character("a") where control: edit = .moveToStart
    case .character("e") where control: edit = .moveToEnd
    case .backspace: edit = .deleteBackward
    case .delete: edit = .deleteForward
    case .left: edit = .move(by: -1)
    case .right: edit = .move(by: 1)
    case .home: edit = .moveToStart
    case .end: edit = .moveToEnd
    case .escape:
      editing = nil
      return []
    case .enter:
      // The field's own submit; in a dialog, a field without one submits the dialog (its enabled default button).
      editing = nil
      guard let field = focusables.first(where: { $0.field?.id == cursor.fieldID })?.field, allowsChanges() else {
        return []
      }
      if let submit = field.submit { return [.dispatch(submit(field.text))] }
      guard let button = focusables.first(where: { $0.isDefault }), button.isEnabled, let action = button.action
      else { return [] }
      return [.dispatch(action)]
    case .tab, .up, .down, .pageUp, .pageDown, .function:
      editing = nil
      return nil
    default:
      return []
    }
    return apply(edit, focusables: focusables)
  }

  /// Applies an edit to the field being edited and dispatches the new text.
  private mutating func apply(_ edit: TextEditing.Edit, focusables: [Focusable<AppAction>]) -> [TUICommand] {
    guard var cursor = editing,
      let field = focusables.first(where: { $0.field?.id == cursor.fieldID })?.field
    else { return [] }
    let changed = cursor.apply(edit, to: field.text)
    editing = cursor
    guard let changed, field.isEnabled, allowsChanges() else { return [] }
    return [.dispatch(field.change(changed))]
  }

  /// A paste is one edit (one dispatch, whatever its length), into the field being edited or the focused one.
  private mutating func paste(_ text: String, focusables: [Focusable<AppAction>]) -> [TUICommand] {
    if editing == nil, focusables.indices.contains(focusIndex), let field = focusables[focusIndex].field,
      field.isEnabled, allowsChanges()
    {
      editing = TextEditing(fieldID: field.id, text: field.text)
    }
    guard editing != nil else { return [] }
    return apply(.insert(text), focusables: focusables)
  }

  // MARK: Mouse

  private mutating func click(
    _ mouse: MouseEvent, focusables: [Focusable<AppAction>], context: TUIContext
  ) -> [TUICommand] {
    switch mouse.kind {
    case .scrollUp:
      scrollView(context) { $0.top - 3 }
      return []
    case .scrollDown:
      scrollView(context) { $0.top + 3 }
      return []
    case .press where mouse.button == .left:
      guard let hit = context.hits.last(where: { $0.rect.contains(x: mouse.x, y: mouse.y) }) else { return [] }
      switch hit.target {
      case .tab(let index):
        guard context.view?.firstOverlay == nil, confirmation == nil, switcher == nil else { return [] }
        selectTab(index, count: context.tabCount)
        return []
      case .focusable(let index):
        guard focusables.indices.contains(index), confirmation == nil, switcher == nil, !isHelpVisible,
          !isOutboxVisible
        else {
          return []
        }
        setFocus(index)
        if editing?.fieldID != focusables[index].field?.id { editing = nil }
        return activate(focusables)
      case .choice(let index):
        if var asked = confirmation {
          asked.focus = index
          confirmation = asked
          return answer(KeyEvent(.enter))
        }
        if var open = switcher {
          open.selection = index
          switcher = open
          return switcherKey(KeyEvent(.enter), focusables: focusables, context: context)
        }
        return []
      }
    default:
      return []
    }
  }

  // MARK: Focus and tabs

  private mutating func clampFocus(count: Int, tabCount: Int) {
    if tabCount > 0 { selectedTab = min(max(0, selectedTab), tabCount - 1) }
    let index = focusIndex
    if count == 0 {
      focus[selectedTab] = nil
    } else if index >= count || index < 0 {
      focus[selectedTab] = max(0, min(index, count - 1))
    }
  }

  mutating func selectTab(_ index: Int, count: Int) {
    guard count > 0 else { return }
    let wrapped = ((index % count) + count) % count
    if wrapped != selectedTab {
      editing = nil
      rowFilter = nil
      isTypingRowFilter = false
    }
    selectedTab = wrapped
  }

  /// Moves the focus (and lets frames scroll to it again).
  mutating func setFocus(_ index: Int) {
    focus[selectedTab] = index
    if overlay != nil {
      overlay?.followsFocus = true
    } else {
      followsFocus.insert(selectedTab)
    }
  }

  /// Tab and Shift-Tab in a dialog: the next or previous element, round.
  private mutating func cycleFocus(_ step: Int, count: Int) {
    guard count > 0 else { return }
    editing = nil
    setFocus(((focusIndex + step) % count + count) % count)
  }

  /// Up and Down: the nearest element of the row above or below. When the focus is out of view it first comes
  /// back to the nearest visible element; when there is none in that direction, or the next one lies more than a
  /// screen away, the view moves a line instead, so every line of text is reachable with j and k.
  private mutating func moveVertically(_ direction: Int, _ focusables: [Focusable<AppAction>], context: TUIContext) {
    let viewport = context.viewport.flatMap { [.content, .overlay].contains($0.scroller) ? $0 : nil }
    guard focusables.indices.contains(focusIndex) else {
      scrollView(context) { $0.top + direction }
      return
    }
    if let viewport, viewport.focusRows[focusIndex] != nil, !viewport.shows(focusIndex, from: viewport.top) {
      let visible = viewport.visibleFocus(from: viewport.top)
      if let nearest = direction > 0 ? visible.first : visible.last {
        setFocus(nearest)
      } else {
        scrollView(context) { $0.top + direction }
      }
      return
    }
    let current = focusables[focusIndex]
    let candidates = focusables.indices.filter {
      direction > 0 ? focusables[$0].group > current.group : focusables[$0].group < current.group
    }
    guard let neighbour = direction > 0 ? candidates.first : candidates.last else {
      scrollView(context) { $0.top + direction }
      return
    }
    if let viewport, let rows = viewport.focusRows[neighbour],
      direction > 0
        ? rows.lowerBound >= viewport.top + 2 * viewport.rows : rows.upperBound <= viewport.top - viewport.rows
    {
      scrollView(context) { $0.top + direction }
      return
    }
    let group = focusables[neighbour].group
    let row = candidates.filter { focusables[$0].group == group }
    setFocus(row.last { focusables[$0].column <= current.column } ?? row[0])
  }

  private mutating func moveHorizontally(_ direction: Int, _ focusables: [Focusable<AppAction>]) {
    let target = focusIndex + direction
    guard focusables.indices.contains(focusIndex), focusables.indices.contains(target),
      focusables[target].group == focusables[focusIndex].group
    else { return }
    setFocus(target)
  }

  private mutating func focusSearch(_ focusables: [Focusable<AppAction>]) -> [TUICommand] {
    guard let index = focusables.firstIndex(where: { $0.kind == .textField }),
      let field = focusables[index].field
    else {
      message = "No search field on this screen"
      return []
    }
    setFocus(index)
    if field.isEnabled, allowsChanges() { editing = TextEditing(fieldID: field.id, text: field.text) }
    return []
  }

  mutating func activate(_ focusables: [Focusable<AppAction>]) -> [TUICommand] {
    guard focusables.indices.contains(focusIndex), allowsChanges() else { return [] }
    let element = focusables[focusIndex]
    guard element.isEnabled else {
      message = "\(element.label) is not available now"
      return []
    }
    if let field = element.field {
      editing = TextEditing(fieldID: field.id, text: field.text)
      return []
    }
    return element.action.map { [.dispatch($0)] } ?? []
  }

  private mutating func escape(_ context: TUIContext, focusables: [Focusable<AppAction>]) -> [TUICommand] {
    closeInnermost(context, focusables: focusables) ?? []
  }

  /// False (with a status hint) while time travelling: the screen shows history, not the live app.
  mutating func allowsChanges() -> Bool {
    guard isTimeTravelling else { return true }
    message = "Time travel is read-only: press G to resume"
    return false
  }

  // MARK: DevTools

  private mutating func toggleDevTools(_ context: TUIContext) {
    if devTools.isVisible {
      devTools = DevToolsUI()
    } else {
      devTools.isVisible = true
      if !context.hasDevTools { message = "DevTools is not installed in this app" }
    }
  }

  private mutating func devToolsKey(_ key: Key, context: TUIContext) -> [TUICommand] {
    guard devTools.isVisible else {
      message = "Open DevTools with d first"
      return []
    }
    let count = context.historyCount
    switch key {
    case .character("["):
      guard count > 0 else { return [] }
      editing = nil
      devTools.position = max(0, (devTools.position ?? (count - 1)) - 1)
    case .character("]"):
      guard let position = devTools.position else { return [] }
      devTools.position = min(position + 1, count - 1)
    case .character("e"):
      return [.exportHistory]
    default: break
    }
    return []
  }
}
