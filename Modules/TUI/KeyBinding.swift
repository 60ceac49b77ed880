import Terminal

/// A key binding as data: the keys, what they do, the short hint the status bar shows for it, when it acts, and
/// what the command palette (`:`) runs for it. The help (`?`), the hints line and the palette are generated from
/// ``active(in:)``: the bindings of the focused screen, field or dialog, the mouse included, so none of them offers
/// `/:search` on a screen without a search field nor `q:quit` while typing.
public struct KeyBinding: Sendable {
  /// The keys, as the help shows them.
  public var keys: String
  /// What they do.
  public var action: String
  /// The status bar's short form (`/:search`), `nil` for the help only.
  public var hint: String?
  /// What the command palette runs for this binding; `nil`: not offered there (moving the focus, scrolling).
  public var run: FeatureSwitcher.Run?
  /// Which hints stay when the status bar is narrow: higher first.
  var priority: Int
  /// When the binding acts.
  let applies: @Sendable (KeySituation) -> Bool
  /// When its hint shows (it acts whenever ``applies`` says so).
  let hinted: @Sendable (KeySituation) -> Bool

  init(
    _ keys: String, _ action: String, hint: String? = nil, priority: Int = 1, run: FeatureSwitcher.Run? = nil,
    hintedWhen hinted: @escaping @Sendable (KeySituation) -> Bool = { _ in true },
    when applies: @escaping @Sendable (KeySituation) -> Bool
  ) {
    self.keys = keys
    self.action = action
    self.hint = hint
    self.priority = priority
    self.run = run
    self.applies = applies
    self.hinted = hinted
  }

  /// The bindings that act in `situation`, in the order the help lists them.
  public static func active(in situation: KeySituation) -> [KeyBinding] {
    all.filter { $0.applies(situation) }
  }

  /// The hints line for `situation` in at most `width` columns: the active bindings' hints in the help's order,
  /// the most important kept when not all fit (help, quit, leaving a field or dialog first).
  public static func hints(in situation: KeySituation, width: Int) -> String {
    let hinted = active(in: situation).enumerated().filter { $0.element.hint != nil && $0.element.hinted(situation) }
    var kept: [Int] = []
    var used = -1
    for (offset, binding) in hinted.sorted(by: { $0.element.priority > $1.element.priority }) {
      let hintWidth = displayWidth(of: binding.hint ?? "") + 1
      guard used + hintWidth <= width else { continue }
      used += hintWidth
      kept.append(offset)
    }
    return hinted.filter { kept.contains($0.offset) }.compactMap(\.element.hint).joined(separator: " ")
  }

  /// Every binding of the TUI.
  static let all: [KeyBinding] =
    editing + confirmation + switcher + filtering + help + outbox + dialog + screen + devTools + always

  private static let editing: [KeyBinding] = [
    KeyBinding("Enter", "done (submits a search; in a dialog, its default button)", hint: "Enter:done", priority: 3) {
      $0.mode == .editing
    },
    KeyBinding("Esc", "leave the field", hint: "Esc:leave", priority: 3) { $0.mode == .editing },
    KeyBinding("Tab, Up, Down", "leave the field and move") { $0.mode == .editing },
    KeyBinding("Left Right, Home End", "move the cursor (Ctrl-A, Ctrl-E too)") { $0.mode == .editing },
    KeyBinding("Backspace, Delete", "delete a character") { $0.mode == .editing },
    KeyBinding("Ctrl-U Ctrl-K Ctrl-W", "delete to the start / to the end / a word") { $0.mode == .editing },
    KeyBinding("Ctrl-C", "quit", hint: "Ctrl-C:quit", priority: 2) { $0.mode == .editing },
  ]

  private static let confirmation: [KeyBinding] = [
    KeyBinding("y", "yes: carry it out", hint: "y:yes", priority: 3) { $0.mode == .confirmation },
    KeyBinding("n, Esc, q", "no: keep it as it is (the form: keep editing)", hint: "n:no", priority: 3) {
      $0.mode == .confirmation
    },
    KeyBinding("Enter, Space", "the focused choice (it opens on the safe one)") { $0.mode == .confirmation },
    KeyBinding("Tab, Left Right", "choose") { $0.mode == .confirmation },
  ]

  private static let switcher: [KeyBinding] = [
    KeyBinding("type", "filter the features and commands by key or name (q quits)") { $0.mode == .switcher },
    KeyBinding("Up Down, Tab", "choose (Ctrl-P, Ctrl-N too)", hint: "Up/Down:choose") { $0.mode == .switcher },
    KeyBinding("Enter", "go to the feature / run the command", hint: "Enter:run", priority: 3) {
      $0.mode == .switcher
    },
    KeyBinding("Esc", "close", hint: "Esc:close", priority: 3) { $0.mode == .switcher },
  ]

  private static let filtering: [KeyBinding] = [
    KeyBinding("type", "keep the rows containing the text (Backspace, Ctrl-U edit it)") { $0.mode == .filtering },
    KeyBinding("Enter", "keep the filter and move among the rows", hint: "Enter:keep", priority: 3) {
      $0.mode == .filtering
    },
    KeyBinding("Esc", "clear the filter", hint: "Esc:clear", priority: 3) { $0.mode == .filtering },
  ]

  private static let help: [KeyBinding] = [
    KeyBinding("j k, PgUp PgDn, g G", "scroll the help") { $0.mode == .help && $0.overflows },
    KeyBinding("Esc, ?, q", "close the help", hint: "Esc:close", priority: 3) { $0.mode == .help },
  ]

  private static let outbox: [KeyBinding] = [
    KeyBinding("Up Down, j k", "choose a change (PgUp PgDn by a page, g G the first / last)") {
      $0.mode == .outbox && $0.outboxActions
    },
    KeyBinding(
      "r",
      "retry the chosen change: send it again (a conflict: keep yours, sent over theirs), as kumiki outbox retry "
        + "does",
      hint: "r:retry", priority: 3
    ) { $0.mode == .outbox && $0.outboxActions },
    KeyBinding(
      "d",
      "discard the chosen change, once you say yes: never sent (a conflict: take theirs), as kumiki outbox "
        + "discard does",
      hint: "d:discard", priority: 3
    ) { $0.mode == .outbox && $0.outboxActions },
    KeyBinding("j k, PgUp PgDn, g G", "scroll the outbox") {
      $0.mode == .outbox && $0.overflows && !$0.outboxActions
    },
    KeyBinding("Esc, o, q", "close the outbox", hint: "Esc:close", priority: 3) { $0.mode == .outbox },
  ]

  private static let dialog: [KeyBinding] = [
    KeyBinding("Tab, Shift-Tab", "next / previous element of the dialog", hint: "Tab:next", priority: 2) {
      $0.mode == .dialog
    },
    KeyBinding("Enter, Space", "press the focused button (first: the default) / edit the field", hint: "Enter:ok") {
      $0.mode == .dialog
    },
    KeyBinding(
      "Esc, q", "close (asks first when a field was changed; q types q in a field)", hint: "Esc:close", priority: 2
    ) {
      $0.mode == .dialog && $0.dismissible
    },
  ]

  private static let screen: [KeyBinding] = [
    KeyBinding("Tab, Shift-Tab, 1-9", "next / previous tab, tab by number", hint: "Tab:next", priority: 2) {
      $0.mode == .screen && $0.tabCount > 1
    },
    KeyBinding(
      ":", "commands: go to any feature, run any key of this screen, press its buttons; :q quits", hint: ":go to",
      hintedWhen: { $0.tabCount > 1 }
    ) { $0.mode == .screen },
    KeyBinding("/", "edit the search field", hint: "/:search", priority: 2, run: .key(KeyEvent(.character("/")))) {
      $0.mode == .screen && $0.kinds.contains(.textField)
    },
    KeyBinding(
      "/", "filter the rows: type, Enter keeps the filter, Esc clears it", run: .key(KeyEvent(.character("/")))
    ) {
      $0.mode == .screen && !$0.kinds.contains(.textField) && !$0.kinds.isDisjoint(with: [.listItem, .card])
    },
    KeyBinding("Esc, q", "clear the row filter", hint: "Esc:clear", priority: 3, run: .key(KeyEvent(.escape))) {
      $0.mode == .screen && $0.filtered && !$0.devTools
    },
    KeyBinding("Enter", "open the focused row or card") {
      $0.mode == .screen && !$0.kinds.isDisjoint(with: [.listItem, .card])
    },
    KeyBinding("Enter, Space", "press the focused button") {
      $0.mode == .screen && !$0.kinds.isDisjoint(with: [.button, .retry, .loadMore])
    },
    KeyBinding("Space on [ ]", "switch it on or off (on a row: save or unsave it)") {
      $0.mode == .screen && !$0.kinds.isDisjoint(with: [.accessory, .toggle])
    },
    KeyBinding("Enter on a chip or tab", "filter by the chip / show the tab") {
      $0.mode == .screen && !$0.kinds.isDisjoint(with: [.chip, .tab])
    },
    KeyBinding("Enter on a field", "edit it (q types q there)") {
      [.screen, .dialog].contains($0.mode) && $0.kinds.contains(.textField)
    },
    KeyBinding("arrows, h j k l", "move the focus; past the first or last element the view moves a line") {
      [.screen, .dialog].contains($0.mode)
    },
    KeyBinding("PgUp PgDn, Ctrl-U Ctrl-D", "scroll a page / half a page; the focus follows") {
      [.screen, .dialog].contains($0.mode) && $0.overflows
    },
    KeyBinding("Home End, g G", "to the top / the bottom") { [.screen, .dialog].contains($0.mode) },
    KeyBinding("mouse click", "press a tab, button, chip, [ ], row or card") {
      [.screen, .dialog].contains($0.mode)
    },
    KeyBinding("mouse wheel", "scroll") { [.screen, .dialog, .help, .outbox].contains($0.mode) && $0.overflows },
    KeyBinding("r", "refresh every screen", hint: "r:refresh", run: .key(KeyEvent(.character("r")))) {
      $0.mode == .screen
    },
    KeyBinding(
      "u", "undo what the notice in the status bar says (while it shows)", hint: "u:undo", priority: 3,
      run: .key(KeyEvent(.character("u")))
    ) {
      [.screen, .dialog].contains($0.mode) && $0.undoable && $0.focused != .textField
    },
    KeyBinding(
      "o", "the changes waiting to reach the API (the outbox)", hint: "o:outbox", run: .key(KeyEvent(.character("o")))
    ) {
      $0.mode == .screen && $0.hasOutbox
    },
  ]

  private static let devTools: [KeyBinding] = [
    KeyBinding("d, F12", "DevTools panel", hint: "d:devtools", run: .key(KeyEvent(.character("d")))) {
      [.screen, .dialog].contains($0.mode)
    },
    KeyBinding("[ ]", "DevTools: step back / forward through the actions") {
      [.screen, .dialog].contains($0.mode) && $0.devTools
    },
    KeyBinding("G", "DevTools: back to live", run: .key(KeyEvent(.character("G")))) {
      [.screen, .dialog].contains($0.mode) && $0.devTools && $0.paused
    },
    KeyBinding("e", "DevTools: export the actions", run: .key(KeyEvent(.character("e")))) {
      [.screen, .dialog].contains($0.mode) && $0.devTools
    },
    KeyBinding("Esc, q", "close DevTools", run: .key(KeyEvent(.escape))) { $0.mode == .screen && $0.devTools },
  ]

  private static let always: [KeyBinding] = [
    KeyBinding("?, F1", "this help", hint: "?:help", priority: 4, run: .key(KeyEvent(.character("?")))) {
      [.screen, .dialog].contains($0.mode)
    },
    KeyBinding("Ctrl-L", "redraw", run: .key(KeyEvent(.character("l"), modifiers: .control))) {
      $0.mode != .editing
    },
    KeyBinding("Ctrl-Z", "suspend", run: .key(KeyEvent(.character("z"), modifiers: .control))) {
      $0.mode != .editing
    },
    KeyBinding("q, Ctrl-C, :q", "quit", hint: "q:quit", priority: 3, run: .quit) {
      $0.mode == .screen && $0.focused != .textField && !$0.devTools && !$0.filtered
    },
    KeyBinding(
      "Ctrl-C, :q", "quit (q closes the innermost view, or types q in a field)", hint: "Ctrl-C:quit", priority: 3,
      run: .quit
    ) {
      ($0.mode == .screen && ($0.focused == .textField || $0.devTools || $0.filtered))
        || [.dialog, .help, .outbox].contains($0.mode)
    },
  ]
}
