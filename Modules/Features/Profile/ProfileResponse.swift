/// The four Profile endpoints' answers, in endpoint order, as one value.
public struct ProfileResponse: Equatable, Codable, Sendable {
  /// `/profile_personal`'s answer.
  public var personal: ProfilePersonal
  /// `/profile_announcement`'s answer.
  public var announcements: [ProfileAnnouncement]
  /// `/profile_comment`'s answer.
  public var comments: [ProfileComment]
  /// `/profile_recent_favorite`'s answer.
  public var recentFavorites: [ProfileRecentFavorite]

  /// Creates a response; the lists default to empty.
  public init(
    personal: ProfilePersonal,
    announcements: [ProfileAnnouncement] = [],
    comments: [ProfileComment] = [],
    recentFavorites: [ProfileRecentFavorite] = []
  ) {
    self.personal = personal
    self.announcements = announcements
    self.comments = comments
    self.recentFavorites = recentFavorites
  }
}
