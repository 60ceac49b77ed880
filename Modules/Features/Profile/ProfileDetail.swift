/// The information item shown in the detail overlay, copied into the state (as the API sent it) when it was chosen.
public enum ProfileDetail: Equatable, Codable, Sendable {
  /// An announcement (the announcements tab).
  case announcement(ProfileAnnouncement)
  /// A comment (the comments tab).
  case comment(ProfileComment)
  /// A recent favourite (the recent tab).
  case recentFavorite(ProfileRecentFavorite)

  /// The tab the item belongs to.
  public var tab: InformationTab {
    switch self {
    case .announcement: .announcements
    case .comment: .comments
    case .recentFavorite: .recent
    }
  }

  /// The item as its row shows it.
  public var item: InformationItem {
    switch self {
    case .announcement(let announcement): InformationItem(announcement)
    case .comment(let comment): InformationItem(comment)
    case .recentFavorite(let favorite): InformationItem(favorite)
    }
  }
}
