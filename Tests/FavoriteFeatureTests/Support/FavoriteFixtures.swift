import FavoriteFeature
import FixtureData
import Foundation
import Networking
import NetworkingTesting

/// The feature's own fixture data (`Modules/Features/Favorite/fixtures.json`, bundled), served through a fake HTTP client.
enum FavoriteFixtures {
  static let baseURL = URL(string: "http://api.test")!

  /// The fixture's `favorite_scenes` JSON text, exactly as db.json holds it.
  static func body() throws -> String {
    let database = try FixtureDatabase.bundled
    guard let value = database["favorite_scenes"] else { throw FixtureMissing() }
    return JSONWriter(prettyPrinted: false).string(of: value)
  }

  /// A fake client answering `/favorite_scenes` with the fixture data.
  static func fakeHTTP() throws -> FakeHTTPClient {
    let fake = FakeHTTPClient()
    fake.stub("/favorite_scenes", .json(try body()))
    return fake
  }

  /// The fixture data decoded as the API's entities.
  static func scenes() throws -> [FavoriteScene] {
    try JSONCoding.decoder().decode([FavoriteScene].self, from: Data(try body().utf8))
  }

  struct FixtureMissing: Error {}
}
