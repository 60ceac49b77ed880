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
  /// The text field being edited, if any.
  public var editing: TextEditing?
  /// Whether the key help is shown.
  public var isHelpVisible = false
  /// DevTools panel state.
  public var devTools = DevToolsUI()
  /// The terminal size frames are drawn at.
  public var size: Size
  /// Effects in flight in the store (the activity indicator spins while > 0).
  public var activity = 0
  /// Whether the API could not be reached last time (the status bar says `offline`).
  public var isOffline = false
  /// Animation step of spinners and the activity indicator.
  public var spinnerFrame = 0
  /// The most recent error a screen showed, for the status bar.
  public var lastError: String?
  /// A transient notice for the status bar (export path, hints).
  public var message: String?
  /// The title of the modal overlay on screen, and the focus the screen under it had (restored on close).
  public var overlay: OverlayFocus?

  /// The overlay on screen and the focus under it.
  public struct OverlayFocus: Sendable, Equatable {
    /// The overlay's title.
    public var title: String
    /// The focus index of the screen under the overlay.
    public var focusBelow: Int
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

  /// Follows the modal overlay the screen shows (`title`, or `nil`): a newly shown overlay (a form, a detail) takes
  /// the focus on its first element, and closing it gives the screen under it its focus back.
  public mutating func noteOverlay(_ title: String?) {
    guard title != overlay?.title else { return }
    if let title {
      let below = overlay?.focusBelow ?? focusIndex
      overlay = OverlayFocus(title: title, focusBelow: below)
      focus[selectedTab] = 0
    } else if let previous = overlay {
      overlay = nil
      focus[selectedTab] = previous.focusBelow
    }
    editing = nil
  }

  /// The pure update: `state` after `event`, and the commands for the app loop.
  public static func reduce(_ state: TUIState, _ event: InputEvent, in context: TUIContext) -> (TUIState, [TUICommand])
  {
    var next = state
    let commands = next.handle(event, in: context)
    return (next, commands)
  }
}
