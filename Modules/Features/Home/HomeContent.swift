import FeatureKit
import LoadingScreenKit

/// The five Home endpoints' answers, in endpoint order, as one value: what ``HomeClient/fetchAll()`` returns, what
/// the load action carries and what a loaded Home screen shows. Each list holds the API's items as they were decoded
/// (``CampaignBanner``, …); the screen computes the rest from them.
public struct HomeContent: LoadableContent {
  /// `/campaign_banners`' answer: the campaign banner carousel.
  public var campaignBanners: [CampaignBanner]
  /// `/recent_news`' answer: the recent news carousel.
  public var recentNews: [RecentNews]
  /// `/featured_topics`' answer: the featured topics carousel, with ratings.
  public var featuredTopics: [FeaturedTopic]
  /// `/trend_articles`' answer: the trend articles grid.
  public var trendArticles: [TrendArticle]
  /// `/pickup_photos`' answer: the pickup photos grid.
  public var pickupPhotos: [PickupPhoto]

  /// Creates content; every section defaults to empty.
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
