/// The five Home endpoints' answers, in endpoint order, as one value.
public struct HomeResponse: Equatable, Codable, Sendable {
  public var campaignBanners: [CampaignBanner]
  public var recentNews: [RecentNews]
  public var featuredTopics: [FeaturedTopic]
  public var trendArticles: [TrendArticle]
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
