import FeatureKit

extension HomeFeature {
  /// The route a campaign's "Search the archive" opens: Archive's search for the campaign's keyword, asked for by
  /// value (`archive/search/<keyword>`), so Home never imports Archive. The registry checks the keyword against
  /// Archive's declaration (length, no control characters) before Archive sees it; refused, the TUI says why.
  public static func campaignSearchRoute(_ keyword: String) -> Route { Route("archive", "search", .string(keyword)) }

  /// Which of Home's actions ask for a route: ``Action/searchCampaign(_:)``.
  static let routeRequest: @Sendable (Action) -> Route? = { action in
    if case .searchCampaign(let keyword) = action { campaignSearchRoute(keyword) } else { nil }
  }
}
