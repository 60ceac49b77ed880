extension FeatureModule {
  /// This module with the routes it can open: other features ask for them by value (`Route("archive", "item",
  /// .int(6))`), never importing it. The route's owner is the mount's key, so a second mount declares its own
  /// (`curry/item/6`).
  public func declaring(routes: [FeatureRoute<Action>]) -> Self {
    var copy = self
    copy.routes = routes
    return copy
  }

  /// This module asking for other features' screens: `request` says which of its actions asks for a route (a button
  /// of its screen, "Open in Archive"). The action still reaches its reducer; the app then resolves the route and
  /// opens it (the TUI switches to the owner's tab; Esc comes back).
  public func requesting(routes request: @escaping @Sendable (Action) -> Route?) -> Self {
    var copy = self
    copy.routeRequest = request
    return copy
  }
}
