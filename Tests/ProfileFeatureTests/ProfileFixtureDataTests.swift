import FixtureData
import Testing

/// Profile's fixtures.json keeps the API contract its screens and commands are written against: enough items, exactly
/// the contract's fields with the contract's types, and the values its tests rely on. (The fixture server's
/// own suites test json-server's behaviour on data of their own.)
@Suite("Profile's fixture data")
struct ProfileFixtureDataTests {
  let database: FixtureDatabase

  init() throws {
    database = try FixtureDatabase.bundled
  }

  typealias Kind = FixtureDatabase.FieldKind

  @Test(
    "every list has enough elements, each with exactly the contract's fields with the contract's types",
    arguments: [
      (
        "profile_announcement", 5,
        [
          "id": Kind.integer, "category": .string, "title": .string, "published_at": .string,
          "description": .string,
        ]
      ),
      (
        "profile_comment", 5,
        [
          "id": .integer, "emotion": .string, "title": .string, "published_at": .string,
          "comment": .string,
        ]
      ),
      (
        "profile_recent_favorite", 5,
        [
          "id": .integer, "category": .string, "title": .string, "published_at": .string,
          "description": .string,
        ]
      ),
    ])
  func schema(name: String, minimum: Int, fields: [String: Kind]) {
    #expect(database.shapeProblems(of: name, atLeast: minimum, fields: fields) == [])
  }
  @Test("profile_personal is one object with integer histories and social links")
  func profile() throws {
    guard case .object(let profile)? = database["profile_personal"] else {
      Issue.record("profile_personal is not an object")
      return
    }
    #expect(
      Set(profile.keys) == [
        "id", "nickname", "created_at", "avatar_url", "background_image_url", "introduction", "histories",
        "social_media",
      ])
    guard case .object(let histories)? = profile["histories"], case .object(let social)? = profile["social_media"]
    else {
      Issue.record("histories or social_media is not an object")
      return
    }
    #expect(
      Set(histories.keys) == [
        "profile_view_count", "article_post_count", "total_page_view_count", "total_available_points",
        "total_use_coupon_count", "total_visit_shop_count",
      ])
    #expect(histories.members.allSatisfy { if case .integer = $0.value { true } else { false } })
    #expect(Set(social.keys) == ["twitter_url", "facebook_url", "instagram_url"])
  }

}
