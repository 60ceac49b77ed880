import FixtureData
import Testing

/// Favorite's fixtures.json keeps the API contract its screens and commands are written against: enough items, exactly
/// the contract's fields with the contract's types. (The fixture server's
/// own suites test json-server's behaviour on data of their own.)
@Suite("Favorite's fixture data")
struct FavoriteFixtureDataTests {
  let database: FixtureDatabase

  init() throws {
    database = try FixtureDatabase.bundled
  }

  private func list(_ name: String) throws -> [JSONObject] {
    try #require(database.objects(in: name), "\(name) is a list of objects")
  }

  @Test(
    "the dataset has at least the required number of items per endpoint",
    arguments: [
      ("favorite_scenes", 12)
    ])
  func counts(name: String, minimum: Int) throws {
    #expect(try list(name).count >= minimum)
  }

  typealias Kind = FixtureDatabase.FieldKind

  @Test(
    "every list element has exactly the contract's fields with the contract's types",
    arguments: [
      (
        "favorite_scenes",
        [
          "id": Kind.integer, "photo_url": .string, "author": .string, "title": .string, "category": .string,
          "shop_name": .string, "comment": .string, "published_at": .string,
        ]
      )
    ])
  func schema(name: String, fields: [String: Kind]) {
    #expect(database.shapeProblems(of: name, fields: fields) == [])
  }
}
