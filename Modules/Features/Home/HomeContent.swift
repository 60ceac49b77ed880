import FeatureKit

/// What a loaded Home screen shows: its five sections, in screen order.
public struct HomeContent: LoadableContent {
  /// Campaign banner carousel.
  public var campaignBanners: [CampaignBannerViewObject]
  /// Recent news carousel.
  public var recentNews: [RecentNewsViewObject]
  /// Featured topics carousel, with ratings.
  public var featuredTopics: [FeaturedTopicViewObject]
  /// Trend articles grid.
  public var trendArticles: [TrendArticleViewObject]
  /// Pickup photos grid.
  public var pickupPhotos: [PickupPhotoViewObject]

  /// Creates content; every section defaults to empty.
  public init(
    campaignBanners: [CampaignBannerViewObject] = [],
    recentNews: [RecentNewsViewObject] = [],
    featuredTopics: [FeaturedTopicViewObject] = [],
    trendArticles: [TrendArticleViewObject] = [],
    pickupPhotos: [PickupPhotoViewObject] = []
  ) {
    self.campaignBanners = campaignBanners
    self.recentNews = recentNews
    self.featuredTopics = featuredTopics
    self.trendArticles = trendArticles
    self.pickupPhotos = pickupPhotos
  }

  /// Maps every entity of `response` to its view object, keeping the order.
  public init(_ response: HomeResponse) {
    self.init(
      campaignBanners: response.campaignBanners.map(CampaignBannerViewObject.init),
      recentNews: response.recentNews.map(RecentNewsViewObject.init),
      featuredTopics: response.featuredTopics.map(FeaturedTopicViewObject.init),
      trendArticles: response.trendArticles.map(TrendArticleViewObject.init),
      pickupPhotos: response.pickupPhotos.map(PickupPhotoViewObject.init)
    )
  }

  /// Whether every section is empty.
  public var isEmpty: Bool {
    campaignBanners.isEmpty && recentNews.isEmpty && featuredTopics.isEmpty && trendArticles.isEmpty
      && pickupPhotos.isEmpty
  }

  /// The item `selection` names, or `nil` when there is none with that id.
  public func detail(for selection: HomeItem) -> HomeDetail? {
    switch selection {
    case .campaignBanner(let id): campaignBanners.first { $0.id == id }.map(HomeDetail.campaignBanner)
    case .recentNews(let id): recentNews.first { $0.id == id }.map(HomeDetail.recentNews)
    case .featuredTopic(let id): featuredTopics.first { $0.id == id }.map(HomeDetail.featuredTopic)
    case .trendArticle(let id): trendArticles.first { $0.id == id }.map(HomeDetail.trendArticle)
    case .pickupPhoto(let id): pickupPhotos.first { $0.id == id }.map(HomeDetail.pickupPhoto)
    }
  }
}
