import FeatureKit

extension ProfileFeature {
  /// The route a Recently Saved item opens: Archive's item detail, asked for by value (`archive/item/<id>`), so
  /// Profile neither imports Archive nor draws the item again. In an app without Archive the route is refused and
  /// the TUI says so in its status line.
  public static func savedItemRoute(_ id: Int) -> Route { Route("archive", "item", .int(id)) }

  /// Which of Profile's actions ask for a route: ``Action/openSaved(_:)``.
  static let routeRequest: @Sendable (Action) -> Route? = { action in
    if case .openSaved(let id) = action { savedItemRoute(id) } else { nil }
  }

  /// What choosing an item of the information list does: a Recently Saved item opens in Archive, any other item
  /// opens Profile's own detail.
  @Sendable public static func choose(_ tab: InformationTab, _ id: Int) -> Action {
    tab == .recent ? .openSaved(id) : .select(tab, id: id)
  }
}
