/// The item shown in the detail overlay, copied into the state when it was chosen.
public enum HomeDetail: Equatable, Codable, Sendable {
  /// A campaign banner.
  case campaignBanner(CampaignBannerViewObject)
  /// A news item.
  case recentNews(RecentNewsViewObject)
  /// A featured topic.
  case featuredTopic(FeaturedTopicViewObject)
  /// A trend article.
  case trendArticle(TrendArticleViewObject)
  /// A pickup photo.
  case pickupPhoto(PickupPhotoViewObject)
}
