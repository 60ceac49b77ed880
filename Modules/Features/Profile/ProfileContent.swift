import FeatureKit

/// What a loaded Profile screen shows. Never empty (the personal data is always there; an empty information tab
/// says so within the content), so Profile's load never reports `.empty`.
public struct ProfileContent: LoadableContent {
  /// Personal data, introduction, counters and social links.
  public var personal: ProfilePersonalViewObject
  /// The announcements tab.
  public var announcements: [InformationItem]
  /// The comments tab.
  public var comments: [InformationItem]
  /// The recent favourites tab.
  public var recentFavorites: [InformationItem]

  /// Creates content; the lists default to empty.
  public init(
    personal: ProfilePersonalViewObject,
    announcements: [InformationItem] = [],
    comments: [InformationItem] = [],
    recentFavorites: [InformationItem] = []
  ) {
    self.personal = personal
    self.announcements = announcements
    self.comments = comments
    self.recentFavorites = recentFavorites
  }

  /// Maps every entity of `response` to its view object, keeping the order.
  public init(_ response: ProfileResponse) {
    self.init(
      personal: ProfilePersonalViewObject(response.personal),
      announcements: response.announcements.map(InformationItem.init),
      comments: response.comments.map(InformationItem.init),
      recentFavorites: response.recentFavorites.map(InformationItem.init)
    )
  }

  /// The items of one information tab.
  public func items(_ tab: InformationTab) -> [InformationItem] {
    switch tab {
    case .announcements: announcements
    case .comments: comments
    case .recent: recentFavorites
    }
  }
}
