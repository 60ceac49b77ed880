import FeatureKit
import Presentation

/// What the UI state machine needs to know about the app besides its own state: the screens, the active
/// screen's view and the DevTools history.
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

  /// Creates a context.
  public init(
    tabCount: Int, view: ViewNode<AppAction>?, historyCount: Int = 0, hasDevTools: Bool = false,
    hits: [HitRegion] = []
  ) {
    self.tabCount = tabCount
    self.view = view
    self.historyCount = historyCount
    self.hasDevTools = hasDevTools
    self.hits = hits
  }
}
