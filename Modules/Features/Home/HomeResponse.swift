/// The five Home endpoints' answers, in endpoint order, as one value.
public struct HomeResponse: Equatable, Codable, Sendable {
  /// `/campaign_banners`' answer.
  public var campaignBanners: [CampaignBanner]
  /// `/recent_news`' answer.
  public var recentNews: [RecentNews]
  /// `/featured_topics`' answer.
  public var featuredTopics: [FeaturedTopic]
  /// `/trend_articles`' answer.
  public var trendArticles: [TrendArticle]
  /// `/pickup_photos`' answer.
  public var pickupPhotos: [PickupPhoto]

  /// Creates a response; every list defaults to empty.
  public init(
    campaignBanners: [CampaignBanner] = [],
    recentNews: [RecentNews] = [],
    featuredTopics: [FeaturedTopic] = [],
    trendArticles: [TrendArticle] = [],
    pickupPhotos: [PickupPhoto] = []
  ) {
    self.campaignBanners = campaignBanners
    self.recentNews = recentNews
    self.featuredTopics = featuredTopics
    self.trendArticles = trendArticles
    self.pickupPhotos = pickupPhotos
  }
}
