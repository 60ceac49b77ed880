import FixtureData
import Foundation
import HomeFeature
import Networking
import NetworkingTesting

/// The feature's own fixture data (`Modules/Features/Home/fixtures.json`, bundled), served through a fake HTTP client.
enum HomeFixtures {
  static let baseURL = URL(string: "http://api.test")!

  /// The five endpoints, in Home's order.
  static let endpoints = ["campaign_banners", "recent_news", "featured_topics", "trend_articles", "pickup_photos"]

  /// The fixture's JSON text for one resource, exactly as db.json holds it.
  static func body(_ resource: String) throws -> String {
    let database = try FixtureDatabase.bundled
    guard let value = database[resource] else { throw FixtureMissing(resource: resource) }
    return JSONWriter(prettyPrinted: false).string(of: value)
  }

  /// A fake client answering all five endpoints with the fixture data.
  static func fakeHTTP() throws -> FakeHTTPClient {
    let fake = FakeHTTPClient()
    for endpoint in endpoints {
      fake.stub("/" + endpoint, .json(try body(endpoint)))
    }
    return fake
  }

  /// The fixture data decoded as the API's items: what the client returns and the loaded state holds.
  static func response() throws -> HomeContent {
    func decode<T: Decodable>(_ type: T.Type, _ resource: String) throws -> T {
      try JSONCoding.decoder().decode(type, from: Data(try body(resource).utf8))
    }
    return HomeContent(
      campaignBanners: try decode([CampaignBanner].self, "campaign_banners"),
      recentNews: try decode([RecentNews].self, "recent_news"),
      featuredTopics: try decode([FeaturedTopic].self, "featured_topics"),
      trendArticles: try decode([TrendArticle].self, "trend_articles"),
      pickupPhotos: try decode([PickupPhoto].self, "pickup_photos")
    )
  }

  struct FixtureMissing: Error {
    var resource: String
  }
}
