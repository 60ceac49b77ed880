import Foundation
import Networking

/// What Home needs from the network: one closure per endpoint. The live value is built on ``Networking/HTTPClient``;
/// tests build one from closures or from a fake `HTTPClient`.
public struct HomeClient: Sendable {
  /// `GET /campaign_banners`.
  public var campaignBanners: @Sendable () async throws -> [CampaignBanner]
  /// `GET /recent_news`.
  public var recentNews: @Sendable () async throws -> [RecentNews]
  /// `GET /featured_topics`.
  public var featuredTopics: @Sendable () async throws -> [FeaturedTopic]
  /// `GET /trend_articles`.
  public var trendArticles: @Sendable () async throws -> [TrendArticle]
  /// `GET /pickup_photos`.
  public var pickupPhotos: @Sendable () async throws -> [PickupPhoto]

  /// Creates a client from its endpoint closures.
  public init(
    campaignBanners: @escaping @Sendable () async throws -> [CampaignBanner],
    recentNews: @escaping @Sendable () async throws -> [RecentNews],
    featuredTopics: @escaping @Sendable () async throws -> [FeaturedTopic],
    trendArticles: @escaping @Sendable () async throws -> [TrendArticle],
    pickupPhotos: @escaping @Sendable () async throws -> [PickupPhoto]
  ) {
    self.campaignBanners = campaignBanners
    self.recentNews = recentNews
    self.featuredTopics = featuredTopics
    self.trendArticles = trendArticles
    self.pickupPhotos = pickupPhotos
  }

  /// The client that reads the sample API at `baseURL` through `http` (JSON with snake_case keys).
  public static func live(http: HTTPClient, baseURL: URL) -> HomeClient {
    HomeClient(
      campaignBanners: {
        try await http.json([CampaignBanner].self, from: baseURL.appending(path: "campaign_banners"))
      },
      recentNews: { try await http.json([RecentNews].self, from: baseURL.appending(path: "recent_news")) },
      featuredTopics: { try await http.json([FeaturedTopic].self, from: baseURL.appending(path: "featured_topics")) },
      trendArticles: { try await http.json([TrendArticle].self, from: baseURL.appending(path: "trend_articles")) },
      pickupPhotos: { try await http.json([PickupPhoto].self, from: baseURL.appending(path: "pickup_photos")) }
    )
  }

  /// Fetches the five endpoints concurrently and returns their results in endpoint order. All must succeed: the
  /// first failure cancels the others and is thrown (the sample app's rule).
  ///
  /// - Throws: the first endpoint's error (usually ``Networking/HTTPError``), or `CancellationError`.
  public func fetchAll() async throws -> HomeContent {
    let (banners, news, topics, articles, photos) = try await FanOut.all(
      campaignBanners, recentNews, featuredTopics, trendArticles, pickupPhotos
    )
    return HomeContent(
      campaignBanners: banners,
      recentNews: news,
      featuredTopics: topics,
      trendArticles: articles,
      pickupPhotos: photos
    )
  }
}
