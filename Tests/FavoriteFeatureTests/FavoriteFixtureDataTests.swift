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

  typealias Kind = FixtureDatabase.FieldKind

  @Test(
    "every list has enough elements, each with exactly the contract's fields with the contract's types",
    arguments: [
      (
        "favorite_scenes", 12,
        [
          "id": Kind.integer, "photo_url": .string, "author": .string, "title": .string, "category": .string,
          "shop_name": .string, "comment": .string, "published_at": .string,
        ]
      )
    ])
  func schema(name: String, minimum: Int, fields: [String: Kind]) {
    #expect(database.shapeProblems(of: name, atLeast: minimum, fields: fields) == [])
  }
}
