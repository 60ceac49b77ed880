import FixtureData
import Foundation
import Networking
import NetworkingTesting
import ProfileFeature

/// The feature's own fixture data (`Modules/Features/Profile/fixtures.json`, bundled), served through a fake HTTP client.
enum ProfileFixtures {
  static let baseURL = URL(string: "http://api.test")!

  /// The four endpoints, in Profile's order.
  static let endpoints = ["profile_personal", "profile_announcement", "profile_comment", "profile_recent_favorite"]

  /// The fixture's JSON text for one resource, exactly as db.json holds it.
  static func body(_ resource: String) throws -> String {
    let database = try FixtureDatabase.bundled
    guard let value = database[resource] else { throw FixtureMissing(resource: resource) }
    return JSONWriter(prettyPrinted: false).string(of: value)
  }

  /// A fake client answering all four endpoints with the fixture data.
  static func fakeHTTP() throws -> FakeHTTPClient {
    let fake = FakeHTTPClient()
    for endpoint in endpoints {
      fake.stub("/" + endpoint, .json(try body(endpoint)))
    }
    return fake
  }

  /// The fixture data decoded as the API's items: what the client returns and the loaded state holds.
  static func response() throws -> ProfileContent {
    func decode<T: Decodable>(_ type: T.Type, _ resource: String) throws -> T {
      try JSONCoding.decoder().decode(type, from: Data(try body(resource).utf8))
    }
    return ProfileContent(
      personal: try decode(ProfilePersonal.self, "profile_personal"),
      announcements: try decode([ProfileAnnouncement].self, "profile_announcement"),
      comments: try decode([ProfileComment].self, "profile_comment"),
      recentFavorites: try decode([ProfileRecentFavorite].self, "profile_recent_favorite")
    )
  }

  struct FixtureMissing: Error {
    var resource: String
  }
}
