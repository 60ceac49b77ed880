/// The item shown in the detail overlay, copied into the state (as the API sent it) when it was chosen.
public enum HomeDetail: Equatable, Codable, Sendable {
  /// A campaign banner.
  case campaignBanner(CampaignBanner)
  /// A news item.
  case recentNews(RecentNews)
  /// A featured topic.
  case featuredTopic(FeaturedTopic)
  /// A trend article.
  case trendArticle(TrendArticle)
  /// A pickup photo.
  case pickupPhoto(PickupPhoto)
}
