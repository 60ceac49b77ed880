import FeatureKit
import Presentation

/// What the UI state machine needs to know about the app besides its own state: the screens, the active
/// screen's view and the DevTools history, and what the last frame laid out (clickable regions, the scrolled area).
public struct TUIContext: Sendable {
  /// Number of app tabs (features with a screen).
  public var tabCount: Int
  /// The active tab's view (as shown: the historic one while time travelling), if any.
  public var view: ViewNode<AppAction>?
  /// Number of actions in the DevTools history (0 without DevTools).
  public var historyCount: Int
  /// Whether DevTools is installed.
  public var hasDevTools: Bool
  /// The clickable regions of the frame on screen.
  public var hits: [HitRegion]
  /// The scrolled area of the frame on screen that the scrolling keys move (the help, the overlay or the screen).
  public var viewport: Viewport?
  /// The tabs' feature keys and titles, for the feature switcher (empty: numbered `1`, `2`…).
  public var tabs: [FeatureSwitcher.Entry]

  /// Creates a context.
  public init(
    tabCount: Int, view: ViewNode<AppAction>?, historyCount: Int = 0, hasDevTools: Bool = false,
    hits: [HitRegion] = [], viewport: Viewport? = nil, tabs: [FeatureSwitcher.Entry] = []
  ) {
    self.tabCount = tabCount
    self.view = view
    self.historyCount = historyCount
    self.hasDevTools = hasDevTools
    self.hits = hits
    self.viewport = viewport
    self.tabs = tabs.isEmpty ? (0..<tabCount).map { FeatureSwitcher.Entry(key: "\($0 + 1)", title: "\($0 + 1)") } : tabs
  }
}
