import FeatureKit
import Presentation
import Terminal

/// Input handling: keys, pastes, mouse and resizes become UI state changes and commands.
extension TUIState {
  /// Handles one input event; returns what the app loop must do (dispatch actions, quit, export…).
  public mutating func handle(_ event: InputEvent, in context: TUIContext) -> [TUICommand] {
    let focusables = context.view.map { FocusCollector.focusables(in: $0) } ?? []
    clampFocus(count: focusables.count, tabCount: context.tabCount)
    if let fieldID = editing?.fieldID, !focusables.contains(where: { $0.field?.id == fieldID }) { editing = nil }
    switch event {
    case .resize(let size):
      self.size = size
      return []
    case .paste(let text):
      return paste(text, focusables: focusables)
    case .mouse(let mouse):
      return click(mouse, focusables: focusables, context: context)
    case .key(let key):
      message = nil
      return press(key, focusables: focusables, context: context)
    }
  }

  // MARK: Keys

  private mutating func press(
    _ key: KeyEvent, focusables: [Focusable<AppAction>], context: TUIContext
  ) -> [TUICommand] {
    if key.modifiers.contains(.control), case .character(let letter) = key.key {
      switch letter {
      case "c": return [.quit]
      case "l": return [.redraw]
      case "z": return [.suspend]
      default: break
      }
    }
    if editing != nil, let commands = edit(key, focusables: focusables) { return commands }
    // Outside a text field, a Ctrl+letter that is not bound above is not its plain letter: Ctrl-Q does not quit and
    // Ctrl-D does not open DevTools.
    if key.modifiers.contains(.control), case .character = key.key { return [] }
    if isHelpVisible {
      switch key.key {
      case .escape, .character("?"): isHelpVisible = false
      case .character("q"): return [.quit]
      default: break
      }
      return []
    }
    switch key.key {
    case .character("q"): return [.quit]
    case .tab: selectTab(selectedTab + (key.modifiers.contains(.shift) ? -1 : 1), count: context.tabCount)
    case .character(let digit) where digit.isASCII && ("1"..."9").contains(digit):
      let index = Int(String(digit))! - 1
      if index < context.tabCount { selectTab(index, count: context.tabCount) }
    case .character("?"), .function(1): isHelpVisible = true
    case .character("d"), .function(12): toggleDevTools(context)
    case .character("["), .character("]"), .character("G"), .character("e"):
      return devToolsKey(key.key, context: context)
    case .character("r"):
      guard allowsChanges() else { return [] }
      return [.dispatch(.app(.refreshAll))]
    case .character("/"): return focusSearch(focusables)
    case .up, .character("k"): moveVertically(-1, focusables)
    case .down, .character("j"): moveVertically(1, focusables)
    case .left, .character("h"): moveHorizontally(-1, focusables)
    case .right, .character("l"): moveHorizontally(1, focusables)
    case .pageUp: moveFocus(to: focusIndex - 5, count: focusables.count)
    case .pageDown: moveFocus(to: focusIndex + 5, count: focusables.count)
    case .home: moveFocus(to: 0, count: focusables.count)
    case .end: moveFocus(to: focusables.count - 1, count: focusables.count)
    case .enter, .character(" "): return activate(focusables)
    case .escape: return escape(context)
    default: break
    }
    return []
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
      editing = nil
      guard let field = focusables.first(where: { $0.field?.id == cursor.fieldID })?.field, let submit = field.submit,
        allowsChanges()
      else { return [] }
      return [.dispatch(submit(field.text))]
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
      moveVertically(-1, focusables)
      return []
    case .scrollDown:
      moveVertically(1, focusables)
      return []
    case .press where mouse.button == .left:
      guard let hit = context.hits.last(where: { $0.rect.contains(x: mouse.x, y: mouse.y) }) else { return [] }
      switch hit.target {
      case .tab(let index):
        selectTab(index, count: context.tabCount)
        return []
      case .focusable(let index):
        guard focusables.indices.contains(index) else { return [] }
        focus[selectedTab] = index
        if editing?.fieldID != focusables[index].field?.id { editing = nil }
        return activate(focusables)
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

  private mutating func selectTab(_ index: Int, count: Int) {
    guard count > 0 else { return }
    let wrapped = ((index % count) + count) % count
    if wrapped != selectedTab { editing = nil }
    selectedTab = wrapped
  }

  private mutating func moveFocus(to index: Int, count: Int) {
    guard count > 0 else { return }
    focus[selectedTab] = min(max(0, index), count - 1)
  }

  private mutating func moveVertically(_ direction: Int, _ focusables: [Focusable<AppAction>]) {
    guard focusables.indices.contains(focusIndex) else { return }
    let current = focusables[focusIndex]
    let candidates = focusables.indices.filter {
      direction > 0 ? focusables[$0].group > current.group : focusables[$0].group < current.group
    }
    guard let neighbour = direction > 0 ? candidates.first : candidates.last else { return }
    let group = focusables[neighbour].group
    let row = candidates.filter { focusables[$0].group == group }
    focus[selectedTab] = row.last { focusables[$0].column <= current.column } ?? row[0]
  }

  private mutating func moveHorizontally(_ direction: Int, _ focusables: [Focusable<AppAction>]) {
    let target = focusIndex + direction
    guard focusables.indices.contains(focusIndex), focusables.indices.contains(target),
      focusables[target].group == focusables[focusIndex].group
    else { return }
    focus[selectedTab] = target
  }

  private mutating func focusSearch(_ focusables: [Focusable<AppAction>]) -> [TUICommand] {
    guard let index = focusables.firstIndex(where: { $0.kind == .textField }),
      let field = focusables[index].field
    else {
      message = "No search field on this screen"
      return []
    }
    focus[selectedTab] = index
    if field.isEnabled, allowsChanges() { editing = TextEditing(fieldID: field.id, text: field.text) }
    return []
  }

  private mutating func activate(_ focusables: [Focusable<AppAction>]) -> [TUICommand] {
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

  private mutating func escape(_ context: TUIContext) -> [TUICommand] {
    if let dismiss = context.view?.firstOverlay?.dismiss {
      return allowsChanges() ? [.dispatch(dismiss)] : []
    }
    if devTools.isVisible {
      devTools = DevToolsUI()
    }
    return []
  }

  /// False (with a status hint) while time travelling: the screen shows history, not the live app.
  private mutating func allowsChanges() -> Bool {
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
      if key == .character("e") || key == .character("[") || key == .character("]") || key == .character("G") {
        message = "Open DevTools with d first"
      }
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
    case .character("G"):
      devTools.position = nil
    case .character("e"):
      return [.exportHistory]
    default: break
    }
    return []
  }
}
