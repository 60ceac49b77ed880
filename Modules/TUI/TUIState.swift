import FeatureKit
import Terminal

/// Everything the TUI itself remembers, apart from the app's state: which tab is shown, where the focus is,
/// the text being edited, which panels are open, and the status line's facts. A value; changed only by
/// ``handle(_:in:)`` (input) and by the app loop's notes (size, activity, errors, layout).
public struct TUIState: Sendable, Equatable {
  /// The DevTools panel's part of the UI state.
  public struct DevToolsUI: Sendable, Equatable {
    /// Whether the panel is shown.
    public var isVisible = false
    /// The history index being looked at while time travelling; `nil` follows the live state.
    public var position: Int?

    /// Closed, live.
    public init(isVisible: Bool = false, position: Int? = nil) {
      self.isVisible = isVisible
      self.position = position
    }
  }

  /// Index of the selected app tab (into the features that have a screen).
  public var selectedTab = 0
  /// Focused element per tab (index into ``FocusCollector/focusables(in:)``).
  public var focus: [Int: Int] = [:]
  /// First content row shown, per tab.
  public var scroll: [Int: Int] = [:]
  /// Tabs whose frames scroll to the focused element. A screen opens at its top and follows the focus once a
  /// focus key (arrows, a click, `/`) moves it; a scrolling key (PgDn, the wheel…) lets the view go again.
  public var followsFocus: Set<Int> = []
  /// The text field being edited, if any.
  public var editing: TextEditing?
  /// Whether the key help is shown.
  public var isHelpVisible = false
  /// First row of the key help shown (it scrolls when taller than the screen).
  public var helpTop = 0
  /// The question the TUI asks before discarding edits or quitting with them (a dialog of its own).
  public var confirmation: Confirmation?
  /// The command palette (`:`), while open.
  public var switcher: FeatureSwitcher?
  /// The text the selected tab's rows are filtered by (`/` on a screen with rows and no text field of its own):
  /// list rows and cards not containing it are hidden. `nil`: no filter; it goes when the tab changes.
  public var rowFilter: String?
  /// Whether the row filter is being typed (keys go to it).
  public var isTypingRowFilter = false
  /// DevTools panel state.
  public var devTools = DevToolsUI()
  /// The terminal size frames are drawn at.
  public var size: Size
  /// Effects in flight in the store (the activity indicator spins while > 0).
  public var activity = 0
  /// Why the API did not answer last time, as the status bar says it instead of `ready` (`offline`, `server
  /// error`); `nil` when it answered.
  public var offline: String?
  /// What the app's outbox holds (the status bar's marker, the list `o` shows); `nil`: the app has no outbox.
  public var outbox: TUIOutbox?
  /// Whether the outbox list is shown.
  public var isOutboxVisible = false
  /// First row of the outbox list shown (it scrolls, as the help does, when longer than the screen).
  public var outboxTop = 0
  /// The line of the outbox list chosen (marked `>`): the change `r` retries and `d` discards.
  public var outboxSelection = 0
  /// Animation step of spinners and the activity indicator.
  public var spinnerFrame = 0
  /// The most recent error a screen on view shows, for the status bar; `nil` once none does.
  public var lastError: String?
  /// The error messages the screens on view showed at the last frame (see ``noteErrors(_:)``).
  public var shownErrors: Set<String> = []
  /// A transient notice for the status bar (export path, hints).
  public var message: String?
  /// The title of the modal overlay on screen, and the focus the screen under it had (restored on close).
  public var overlay: OverlayFocus?
  /// The routes opened from another feature that Esc comes back through, newest last (`TUIState+Routes.swift`).
  public var routeReturns: [RouteReturn] = []

  /// The overlay on screen and the focus under it.
  public struct OverlayFocus: Sendable, Equatable {
    /// The overlay's title.
    public var title: String
    /// The focus index of the screen under the overlay.
    public var focusBelow: Int
    /// The first row of the overlay's content shown: an overlay opens at its top.
    public var top = 0
    /// Whether frames scroll the overlay to its focused element: not until a focus key moves the focus, so a long
    /// article opens at its first line although its only button is at the end.
    public var followsFocus = false
    /// The text of each of its fields when it opened (by field id): the form is changed when one differs.
    public var openingTexts: [String: String] = [:]

    /// Creates the record of an overlay just shown.
    public init(title: String, focusBelow: Int, openingTexts: [String: String] = [:]) {
      self.title = title
      self.focusBelow = focusBelow
      self.openingTexts = openingTexts
    }
  }

  /// The initial state for a terminal of `size`.
  public init(size: Size) {
    self.size = size
  }

  /// The focused element of the selected tab.
  public var focusIndex: Int { focus[selectedTab] ?? 0 }

  /// The first content row shown for the selected tab.
  public var scrollOffset: Int { scroll[selectedTab] ?? 0 }

  /// Whether the screen shows history (time travel): input that would change the app is ignored.
  public var isTimeTravelling: Bool { devTools.position != nil }

  /// Follows the modal overlay the screen shows (`title`, or `nil`; `focusables` are its elements): a newly shown
  /// overlay (a form, a detail, the next onboarding page) opens at its top and takes the focus on its first text
  /// field, else on its default button, else on its first element; closing it gives the screen under it its focus
  /// back.
  public mutating func noteOverlay(_ title: String?, focusables: [Focusable<AppAction>] = []) {
    guard title != overlay?.title else { return }
    if let title {
      let below = overlay?.focusBelow ?? focusIndex
      var texts: [String: String] = [:]
      for field in focusables.compactMap(\.field) { texts[field.id] = field.text }
      overlay = OverlayFocus(title: title, focusBelow: below, openingTexts: texts)
      focus[selectedTab] =
        focusables.firstIndex { $0.kind == .textField } ?? focusables.firstIndex { $0.isDefault } ?? 0
    } else if let previous = overlay {
      overlay = nil
      focus[selectedTab] = previous.focusBelow
    }
    editing = nil
    confirmation = nil
  }

  /// Remembers, for the status bar, the newest error message the screens on view show (`current`: the selected
  /// tab's and the overlays'), and forgets it when no screen on view shows it any more — after a successful Retry,
  /// or on another tab. Hidden tabs are not presented, so their errors are not looked for: a hidden tab's error
  /// shows on its screen, and then in the status bar, once its tab is selected.
  public mutating func noteErrors(_ current: Set<String>) {
    if let fresh = current.subtracting(shownErrors).sorted().first {
      lastError = fresh
    } else if let last = lastError, !current.contains(last) {
      lastError = current.sorted().first
    }
    shownErrors = current
  }

  /// This state with the help, the palette and the confirmation closed: what the help describes the keys of.
  public var withoutDialogs: TUIState {
    var state = self
    state.isHelpVisible = false
    state.switcher = nil
    state.confirmation = nil
    return state
  }

  /// Remembers what a frame decided: the screen's scroll, the overlay's and the help's.
  public mutating func noteFrame(_ frame: TUIFrame) {
    scroll[selectedTab] = frame.scrollOffset
    for viewport in frame.viewports {
      switch viewport.scroller {
      case .overlay: overlay?.top = viewport.top
      case .help: helpTop = viewport.top
      case .outbox: outboxTop = viewport.top
      case .content, .switcher: break
      }
    }
  }

  /// Whether the overlay on screen is a form whose fields no longer hold the text they opened with.
  public func overlayIsChanged(_ focusables: [Focusable<AppAction>]) -> Bool {
    guard let overlay else { return false }
    return focusables.contains { element in
      guard let field = element.field, let opening = overlay.openingTexts[field.id] else { return false }
      return field.text != opening
    }
  }

  /// The pure update: `state` after `event`, and the commands for the app loop.
  public static func reduce(_ state: TUIState, _ event: InputEvent, in context: TUIContext) -> (TUIState, [TUICommand])
  {
    var next = state
    let commands = next.handle(event, in: context)
    return (next, commands)
  }
}
