extension HomeFeature {
  /// Everything that can happen on the Home screen.
  public enum Action: Equatable, Codable, Sendable {
    /// The screen became visible: loads when nothing was requested yet.
    case appear
    /// Load again (refresh on the screen, the app's refresh-all, the CLI command).
    case refresh
    /// Load again after an error.
    case retry
    /// The five endpoints answered (sent by the load effect).
    case loaded(HomeResponse)
    /// A fetch failed, with the message to show (sent by the load effect).
    case failed(String)
    /// An item was chosen: its detail opens.
    case select(HomeItem)
    /// The detail overlay was dismissed.
    case closeDetail
  }
}
