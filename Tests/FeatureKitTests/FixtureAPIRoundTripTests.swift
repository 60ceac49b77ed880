import FeatureKitTesting
import Foundation
import Testing

/// `FixtureAPI.roundTripDifferences`: what a feature suite uses to prove its state holds the API's items field for
/// field. It must name every way a type can lose or reshape what the API sent.
@Suite struct FixtureAPIRoundTripTests {
  private struct Dish: Codable {
    var id: Int
    var dishName: String
    var rating: Double
    var note: String?

    enum CodingKeys: String, CodingKey {
      case id, rating, note
      case dishName = "dish_name"
    }
  }

  private struct DishWithoutName: Codable {
    var id: Int
    var rating: Double
  }

  /// Keeps the name trimmed: reshapes what was sent.
  private struct TrimmedDish: Codable {
    var id: Int
    var dishName: String

    enum CodingKeys: String, CodingKey {
      case id
      case dishName = "dish_name"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      dishName = try container.decode(String.self, forKey: .dishName).trimmingCharacters(in: .whitespaces)
    }
  }

  /// Adds a field of its own, which the API never sent.
  private struct DishWithExtra: Codable {
    var id: Int
    var isFavorite: Bool

    enum CodingKeys: String, CodingKey {
      case id
      case isFavorite = "is_favorite"
    }

    init(from decoder: any Decoder) throws {
      id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
      isFavorite = false
    }
  }

  private static let sent =
    #"[{"id":1,"dish_name":"カレー","rating":4,"note":null},"# + #"{"id":2,"dish_name":"うどん","rating":4.5}]"#

  @Test func aTypeThatHoldsEveryFieldAsSentHasNoDifferences() throws {
    // 4 and 4.0 are the same number; a null sent is an optional left nil.
    #expect(try FixtureAPI.roundTripDifferences([Dish].self, sent: Array(Self.sent.utf8), path: "dishes") == [])
  }

  @Test func aFieldTheTypeDoesNotHoldIsNamed() throws {
    #expect(
      try FixtureAPI.roundTripDifferences([DishWithoutName].self, sent: Array(Self.sent.utf8), path: "dishes") == [
        "dishes[0].dish_name: sent, not held", "dishes[1].dish_name: sent, not held",
      ])
  }

  @Test func aFieldTheTypeReshapesOrInventsIsNamed() throws {
    let sent = #"{"id":1,"dish_name":" カレー "}"#
    #expect(
      try FixtureAPI.roundTripDifferences(TrimmedDish.self, sent: Array(sent.utf8), path: "dish") == [
        #"dish.dish_name: sent " カレー ", held "カレー""#
      ])
    #expect(
      try FixtureAPI.roundTripDifferences(DishWithExtra.self, sent: Array(#"{"id":1}"#.utf8), path: "dish") == [
        "dish.is_favorite: held, not sent"
      ])
  }

  /// A `CodingKeys` case that does not name the API's field (the case's Swift name where the API sends snake_case)
  /// reads nothing: an optional is left out, and the field is named.
  @Test func aFieldCodingKeysNamesOtherwiseThanTheAPIIsNamed() throws {
    struct Noted: Codable {
      var id: Int
      var chefNote: String?

      enum CodingKeys: String, CodingKey {
        case id, chefNote
      }
    }
    let sent = #"{"id":1,"chef_note":"辛口"}"#
    #expect(
      try FixtureAPI.roundTripDifferences(Noted.self, sent: Array(sent.utf8), path: "dish") == [
        "dish.chef_note: sent, not held"
      ])
  }

  @Test func aListOfAnotherLengthIsNamed() throws {
    struct Menu: Codable {
      var dishes: [String]
      init(from decoder: any Decoder) throws { dishes = [] }
    }
    #expect(
      try FixtureAPI.roundTripDifferences(Menu.self, sent: Array(#"{"dishes":["a","b"]}"#.utf8), path: "menu") == [
        "menu.dishes: 2 elements sent, 0 held"
      ])
  }

  @Test func aResourceTheFixturesDoNotHaveIsAnError() {
    #expect(throws: FixtureAPI.RoundTripError.missing("no_such_resource")) {
      try FixtureAPI.roundTripDifferences([Dish].self, resource: "no_such_resource")
    }
  }
}
