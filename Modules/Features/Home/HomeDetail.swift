/// The item shown in the detail overlay, copied into the state when it was chosen.
public enum HomeDetail: Equatable, Codable, Sendable {
  case campaignBanner(CampaignBannerViewObject)
  case recentNews(RecentNewsViewObject)
  case featuredTopic(FeaturedTopicViewObject)
  case trendArticle(TrendArticleViewObject)
  case pickupPhoto(PickupPhotoViewObject)
}
