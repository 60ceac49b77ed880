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
    guard case .array(let elements)? = database[name] else { throw FavoriteFixtureShape() }
    return try elements.map { element in
      guard case .object(let object) = element else { throw FavoriteFixtureShape() }
      return object
    }
  }

  @Test(
    "the dataset has at least the required number of items per endpoint",
    arguments: [
      ("favorite_scenes", 12)
    ])
  func counts(name: String, minimum: Int) throws {
    #expect(try list(name).count >= minimum)
  }

  enum Kind: Sendable {
    case integer, double, string
  }

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
  func schema(name: String, fields: [String: Kind]) throws {
    for element in try list(name) {
      #expect(Set(element.keys) == Set(fields.keys), "\(name) \(element.keys)")
      for (key, kind) in fields {
        switch (kind, element[key]) {
        case (.integer, .integer?), (.string, .string?), (.double, .double?): break
        default: Issue.record("\(name).\(key) is \(String(describing: element[key])), expected \(kind)")
        }
      }
    }
  }
}

/// A fixture value that did not have the shape a test expected.
private struct FavoriteFixtureShape: Error {}
