import FixtureData
import Testing

/// Home's fixtures.json keeps the API contract its screens and commands are written against: enough items, exactly
/// the contract's fields with the contract's types, and the values its tests rely on. (The fixture server's
/// own suites test json-server's behaviour on data of their own.)
@Suite("Home's fixture data")
struct HomeFixtureDataTests {
  let database: FixtureDatabase

  init() throws {
    database = try FixtureDatabase.bundled
  }

  private func list(_ name: String) throws -> [JSONObject] {
    try #require(database.objects(in: name), "\(name) is a list of objects")
  }

  typealias Kind = FixtureDatabase.FieldKind

  @Test(
    "every list has enough elements, each with exactly the contract's fields with the contract's types",
    arguments: [
      (
        "campaign_banners", 6,
        [
          "id": Kind.integer, "banner_contents_id": .integer, "banner_url": .string, "title": .string,
          "caption": .string, "announcement_at": .string,
        ]
      ),
      (
        "recent_news", 12,
        [
          "id": Kind.integer, "thumbnail_url": .string, "title": .string, "news_category": .string,
          "published_at": .string,
        ]
      ),
      (
        "featured_topics", 8,
        [
          "id": .integer, "featured_topics_id": .integer, "rating": .double, "thumbnail_url": .string,
          "title": .string, "caption": .string, "published_at": .string,
        ]
      ),
      (
        "trend_articles", 4,
        [
          "id": .integer, "thumbnail_url": .string, "title": .string, "introduction": .string,
          "published_at": .string,
        ]
      ),
      (
        "pickup_photos", 20,
        [
          "id": .integer, "photo_url": .string, "photo_width": .integer, "photo_height": .integer,
          "title": .string, "caption": .string, "published_at": .string,
        ]
      ),
    ])
  func schema(name: String, minimum: Int, fields: [String: Kind]) {
    #expect(
      database.shapeProblems(of: name, atLeast: minimum, fields: fields, optional: Self.optionalFields[name] ?? [:])
        == [])
  }

  /// Fields an element may leave out: a campaign's `search_keyword` (the Archive search its detail offers, by route).
  static let optionalFields: [String: [String: Kind]] = ["campaign_banners": ["search_keyword": .string]]

  @Test("the first banner has banner_contents_id 1001 and recent news ids run 1...12 in order")
  func featureTestAnchors() throws {
    #expect(try list("campaign_banners").first?["banner_contents_id"] == .integer(1001))
    #expect(try list("recent_news").map { $0["id"] } == (1...12).map { .integer($0) })
  }
}
