import FeatureKit
import LoadingScreenKit

/// The four Profile endpoints' answers, in endpoint order, as one value: what ``ProfileClient/fetchAll()`` returns,
/// what the load action carries and what a loaded Profile screen shows. Each part holds the API's items as they were
/// decoded; the screen computes the rest from them (``ProfilePersonal/memberSince``, ``items(_:)``, …). Never empty
/// (the personal data is always there; an empty information tab says so within the content), so Profile's load
/// never reports `.empty`.
public struct ProfileContent: LoadableContent {
  /// `/profile_personal`'s answer: personal data, introduction, counters and social links.
  public var personal: ProfilePersonal
  /// `/profile_announcement`'s answer: the announcements tab.
  public var announcements: [ProfileAnnouncement]
  /// `/profile_comment`'s answer: the comments tab.
  public var comments: [ProfileComment]
  /// `/profile_recent_favorite`'s answer: the recent favourites tab.
  public var recentFavorites: [ProfileRecentFavorite]

  /// Creates content; the lists default to empty.
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

  /// The rows of one information tab, in API order.
  public func items(_ tab: InformationTab) -> [InformationItem] {
    switch tab {
    case .announcements: announcements.map(InformationItem.init)
    case .comments: comments.map(InformationItem.init)
    case .recent: recentFavorites.map(InformationItem.init)
    }
  }

  /// The item with `id` in `tab`, as the detail overlay shows it, or `nil` when there is none.
  public func detail(_ tab: InformationTab, id: Int) -> ProfileDetail? {
    switch tab {
    case .announcements: announcements.first { $0.id == id }.map(ProfileDetail.announcement)
    case .comments: comments.first { $0.id == id }.map(ProfileDetail.comment)
    case .recent: recentFavorites.first { $0.id == id }.map(ProfileDetail.recentFavorite)
    }
  }
}
