extension FavoriteFeature {
  /// Everything that can happen on the Favorite screen.
  public enum Action: Equatable, Codable, Sendable {
    /// The screen became visible: loads when nothing was requested yet.
    case appear
    /// Load again (refresh on the screen, the app's refresh-all, the CLI command).
    case refresh
    /// Load again after an error.
    case retry
    /// `/favorite_scenes` answered (sent by the load effect).
    case loaded([FavoriteScene])
    /// The fetch failed, with the message to show (sent by the load effect).
    case failed(String)
    /// The scene with this id was chosen: its detail opens.
    case select(Int)
    /// The detail overlay was dismissed.
    case closeDetail
  }
}
