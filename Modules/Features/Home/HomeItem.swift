/// Names one item on the Home screen: its section and its `id`.
public enum HomeItem: Hashable, Codable, Sendable {
  /// The campaign banner with this id.
  case campaignBanner(Int)
  /// The news item with this id.
  case recentNews(Int)
  /// The featured topic with this id.
  case featuredTopic(Int)
  /// The trend article with this id.
  case trendArticle(Int)
  /// The pickup photo with this id.
  case pickupPhoto(Int)
}
