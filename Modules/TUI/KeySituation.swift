import Presentation

/// What decides which keys act: the TUI's mode (a field being edited, a dialog, the help…) and what the focused
/// screen or dialog contains. ``KeyBinding/active(in:)`` reads it to list the bindings for the help and hints.
public struct KeySituation: Sendable, Equatable {
  /// Who receives keys.
  public enum Mode: Sendable, Equatable {
    /// The selected tab's screen.
    case screen
    /// A text field being edited.
    case editing
    /// A modal overlay of the app (a form, a detail, onboarding).
    case dialog
    /// The TUI's confirmation (discard? quit?).
    case confirmation
    /// The command palette (`:`).
    case switcher
    /// The row filter (`/` on a screen with rows and no text field) being typed.
    case filtering
    /// The key help.
    case help
    /// The outbox list.
    case outbox
  }

  /// Who receives keys.
  public var mode: Mode
  /// How many app tabs there are.
  public var tabCount: Int
  /// The kinds of focusable elements on the screen or in the dialog.
  public var kinds: Set<FocusKind>
  /// The kind of the focused element, if any.
  public var focused: FocusKind?
  /// Whether the scrolled area is taller than its window.
  public var overflows: Bool
  /// Whether the dialog can be dismissed with Esc.
  public var dismissible: Bool
  /// Whether the DevTools panel is open, and paused on history.
  public var devTools: Bool
  /// Whether DevTools is looking at history.
  public var paused: Bool
  /// Whether a toast on view offers an undo (`u`).
  public var undoable: Bool
  /// Whether the app has an outbox (`o` lists it).
  public var hasOutbox: Bool
  /// Whether the screen's rows are filtered (`/`): `q` and Esc clear the filter first.
  public var filtered: Bool
  /// Whether the outbox list has a change to act on and the app lets the TUI resolve it (`r`, `d`).
  public var outboxActions: Bool

  /// Creates a situation.
  public init(
    mode: Mode, tabCount: Int = 1, kinds: Set<FocusKind> = [], focused: FocusKind? = nil, overflows: Bool = false,
    dismissible: Bool = false, devTools: Bool = false, paused: Bool = false, undoable: Bool = false,
    hasOutbox: Bool = false, filtered: Bool = false, outboxActions: Bool = false
  ) {
    self.hasOutbox = hasOutbox
    self.filtered = filtered
    self.outboxActions = outboxActions
    self.focused = focused
    self.mode = mode
    self.tabCount = tabCount
    self.kinds = kinds
    self.overflows = overflows
    self.dismissible = dismissible
    self.devTools = devTools
    self.paused = paused
    self.undoable = undoable
  }

  /// The situation of `state` showing `content` (the selected tab's view) with `tabCount` tabs; `overflows` says
  /// whether the area that scrolls is taller than its window.
  public init<Action>(state: TUIState, content: ViewNode<Action>?, tabCount: Int, overflows: Bool) {
    let overlay = content?.firstOverlay
    let mode: Mode =
      state.confirmation != nil
      ? .confirmation
      : state.switcher != nil
        ? .switcher
        : state.isHelpVisible
          ? .help
          : state.isOutboxVisible
            ? .outbox
            : state.editing != nil
              ? .editing : overlay != nil ? .dialog : state.isTypingRowFilter ? .filtering : .screen
    let focusables = content.map { FocusCollector.focusables(in: $0) } ?? []
    self.init(
      mode: mode, tabCount: tabCount, kinds: Set(focusables.map(\.kind)),
      focused: focusables.indices.contains(state.focusIndex) ? focusables[state.focusIndex].kind : nil,
      overflows: overflows, dismissible: overlay?.dismiss != nil, devTools: state.devTools.isVisible,
      paused: state.isTimeTravelling, undoable: content?.firstToast?.undo != nil,
      hasOutbox: state.outbox != nil, filtered: state.rowFilter != nil,
      outboxActions: state.outbox?.id(at: 0) != nil)
  }
}
