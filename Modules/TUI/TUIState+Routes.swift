import FeatureAssembly
import FeatureKit

/// Routes opened from another feature (`archive/item/6` from Profile's Recently Saved): the TUI switches to the
/// owner's tab and sends the owner's opening actions; Esc on that tab sends its closing actions and goes back to
/// the tab, focus and overlay the user was on.
extension TUIState {
  /// Where Esc goes back to after a route opened another feature's screen.
  public struct RouteReturn: Sendable, Equatable {
    /// The route opened (`archive/item/6`), for the status line.
    public var route: Route
    /// The tab the user was on, and the one the route opened.
    public var fromTab: Int
    public var toTab: Int
    /// The focus and the modal overlay the user had on `fromTab` (an overlay's button may have asked for the route).
    public var focus: Int?
    public var overlay: OverlayFocus?
    /// What closes the route's screen again (the owner's actions).
    public var close: [AppAction]
  }

  /// The most routes Esc can come back through; opening another drops the oldest.
  public static let routeDepth = 8

  /// Opens a resolved route: remembers where the user is, switches to the owner's tab (`tab`, its index among the
  /// `count` tabs; `nil` when the owner has no tab, which is refused in the status line) and returns the owner's
  /// opening actions to dispatch.
  public mutating func open(_ target: RouteTarget, tab: Int?, count: Int) -> [TUICommand] {
    guard let tab, (0..<count).contains(tab) else {
      message = "\(target.route) has no screen in this app"
      return []
    }
    routeReturns.append(
      RouteReturn(
        route: target.route, fromTab: selectedTab, toTab: tab, focus: focus[selectedTab], overlay: overlay,
        close: target.close))
    if routeReturns.count > Self.routeDepth { routeReturns.removeFirst(routeReturns.count - Self.routeDepth) }
    overlay = nil  // the owner's screen notes its own overlay on the next frame
    confirmation = nil
    isHelpVisible = false
    switcher = nil
    selectTab(tab, count: count)
    return target.open.map(TUICommand.dispatch)
  }

  /// Esc on a screen a route opened: its closing actions, and back to where the user was. `nil` when the screen on
  /// view was not opened by a route (the user went to another tab since: the way back is forgotten).
  mutating func returnFromRoute(tabCount: Int) -> [TUICommand]? {
    guard let last = routeReturns.last else { return nil }
    guard last.toTab == selectedTab, (0..<tabCount).contains(last.fromTab) else {
      routeReturns.removeAll()
      return nil
    }
    guard allowsChanges() else { return [] }
    routeReturns.removeLast()
    editing = nil
    selectTab(last.fromTab, count: tabCount)
    focus[selectedTab] = last.focus
    overlay = last.overlay
    return last.close.map(TUICommand.dispatch)
  }
}
