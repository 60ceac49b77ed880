/// The four Profile endpoints' answers, in endpoint order, as one value.
public struct ProfileResponse: Equatable, Codable, Sendable {
  public var personal: ProfilePersonal
  public var announcements: [ProfileAnnouncement]
  public var comments: [ProfileComment]
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
