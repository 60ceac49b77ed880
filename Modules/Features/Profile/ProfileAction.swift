extension ProfileFeature {
  /// Everything that can happen on the Profile screen.
  public enum Action: Equatable, Codable, Sendable {
    /// The screen became visible: loads when nothing was requested yet.
    case appear
    /// Load again (refresh on the screen, the app's refresh-all, the CLI command).
    case refresh
    /// Load again after an error.
    case retry
    /// The four endpoints answered (sent by the load effect).
    case loaded(ProfileResponse)
    /// A fetch failed, with the message to show (sent by the load effect).
    case failed(String)
    /// Show another information tab.
    case selectTab(InformationTab)
    /// The item with this id in this tab was chosen: its detail opens.
    case select(InformationTab, id: Int)
    /// The detail overlay was dismissed.
    case closeDetail
  }
}
