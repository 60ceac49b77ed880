import FixtureData
import Foundation
import Testing

@Suite("FixtureDatabase: loading, and the bundled gourmet-magazine dataset")
struct FixtureDatabaseTests {
  let database: FixtureDatabase

  init() throws {
    database = try FixtureDatabase.bundled
  }

  private func list(_ name: String) throws -> [JSONObject] {
    guard case .array(let elements)? = database[name] else { throw UnexpectedShape() }
    return try elements.map { element in
      guard case .object(let object) = element else { throw UnexpectedShape() }
      return object
    }
  }

  @Test(
    "the dataset has at least the required number of items per endpoint",
    arguments: [
      ("campaign_banners", 6), ("recent_news", 12), ("featured_topics", 8), ("trend_articles", 4),
      ("pickup_photos", 20), ("favorite_scenes", 12), ("achive_images", 36), ("profile_announcement", 5),
      ("profile_comment", 5), ("profile_recent_favorite", 5),
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
        "campaign_banners",
        [
          "id": Kind.integer, "banner_contents_id": .integer, "banner_url": .string, "title": .string,
          "caption": .string, "announcement_at": .string,
        ]
      ),
      (
        "recent_news",
        [
          "id": .integer, "thumbnail_url": .string, "title": .string, "news_category": .string,
          "published_at": .string,
        ]
      ),
      (
        "featured_topics",
        [
          "id": .integer, "featured_topics_id": .integer, "rating": .double, "thumbnail_url": .string,
          "title": .string, "caption": .string, "published_at": .string,
        ]
      ),
      (
        "trend_articles",
        [
          "id": .integer, "thumbnail_url": .string, "title": .string, "introduction": .string,
          "published_at": .string,
        ]
      ),
      (
        "pickup_photos",
        [
          "id": .integer, "photo_url": .string, "photo_width": .integer, "photo_height": .integer,
          "title": .string, "caption": .string, "published_at": .string,
        ]
      ),
      (
        "favorite_scenes",
        [
          "id": .integer, "photo_url": .string, "author": .string, "title": .string, "category": .string,
          "shop_name": .string, "comment": .string, "published_at": .string,
        ]
      ),
      (
        "achive_images",
        [
          "id": .integer, "photo_url": .string, "category": .string, "dish_name": .string,
          "shop_name": .string, "introduction": .string,
        ]
      ),
      (
        "profile_announcement",
        [
          "id": .integer, "category": .string, "title": .string, "published_at": .string,
          "description": .string,
        ]
      ),
      (
        "profile_comment",
        [
          "id": .integer, "emotion": .string, "title": .string, "published_at": .string,
          "comment": .string,
        ]
      ),
      (
        "profile_recent_favorite",
        [
          "id": .integer, "category": .string, "title": .string, "published_at": .string,
          "description": .string,
        ]
      ),
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

  @Test("ids are unique within every list")
  func uniqueIDs() throws {
    for name in database.resourceNames where name != "profile_personal" {
      let ids = try list(name).compactMap { $0["id"] }
      #expect(Set(ids).count == ids.count, "\(name)")
    }
  }

  @Test("the first banner has banner_contents_id 1001 and recent news ids run 1...12 in order")
  func featureTestAnchors() throws {
    #expect(try list("campaign_banners").first?["banner_contents_id"] == .integer(1001))
    #expect(try list("recent_news").map { $0["id"] } == (1...12).map { .integer($0) })
  }

  @Test("archive items spread over the six categories, with カレー inside and outside its category")
  func archiveCategories() throws {
    let archive = try list("achive_images")
    let categories = Set(archive.compactMap { $0["category"] })
    #expect(categories == Set(["和食", "洋食", "中華料理", "韓国料理", "エスニック料理", "カレー"].map { JSONValue.string($0) }))
    func mentionsCurry(_ item: JSONObject) -> Bool {
      [item["dish_name"], item["introduction"]].contains { value in
        if case .string(let text)? = value { text.contains("カレー") } else { false }
      }
    }
    let curryInCategory = archive.filter { $0["category"] == .string("カレー") && mentionsCurry($0) }
    let curryElsewhere = archive.filter { $0["category"] != .string("カレー") && mentionsCurry($0) }
    #expect(curryInCategory.count >= 3)
    #expect(curryElsewhere.count >= 2)
  }

  @Test("awkward values are present: a combining mark, a flag emoji, a very long introduction")
  func awkwardValues() throws {
    let texts = try database.resourceNames.filter { $0 != "profile_personal" }.flatMap { try list($0) }
      .flatMap {
        $0.members.compactMap { member -> String? in
          if case .string(let text) = member.value { text } else { nil }
        }
      }
    let scalars = texts.flatMap { Array($0.unicodeScalars) }
    let hasCombiningMark = scalars.contains { (scalar: Unicode.Scalar) in
      scalar.properties.generalCategory == Unicode.GeneralCategory.nonspacingMark
    }
    let hasFlag = scalars.contains { (scalar: Unicode.Scalar) in (0x1F1E6...0x1F1FF).contains(scalar.value) }
    #expect(hasCombiningMark)
    #expect(hasFlag)
    #expect(texts.contains { $0.count >= 1000 })
  }

  @Test("dates use the contract's format")
  func dates() throws {
    let pattern = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$"#)
    for name in database.resourceNames where name != "profile_personal" {
      for element in try list(name) {
        for key in ["published_at", "announcement_at"] {
          if case .string(let date)? = element[key] { #expect(date.wholeMatch(of: pattern) != nil, "\(date)") }
        }
      }
    }
  }

  @Test("loading rejects malformed JSON, a non-object top level and missing files with clear errors")
  func loadingErrors() {
    #expect(throws: FixtureDatabaseError.notAnObject) { try FixtureDatabase(json: Array("[1]".utf8)) }
    #expect {
      try FixtureDatabase(json: Array("{\"a\": [1,".utf8))
    } throws: { error in
      guard case .malformedJSON(let parseError) = error as? FixtureDatabaseError else { return false }
      return parseError.line == 1
    }
    let missing = URL(fileURLWithPath: "/nonexistent/kumiki/db.json")
    #expect {
      try FixtureDatabase(contentsOf: missing)
    } throws: { error in
      if case .unreadable(let path, _) = error as? FixtureDatabaseError { path == missing.path } else { false }
    }
  }

  @Test("any json-server db.json loads: resources keep file order")
  func customDatabase() throws {
    let custom = try FixtureDatabase(json: Array(#"{"posts": [{"id": 1}], "profile": {"name": "x"}}"#.utf8))
    #expect(custom.resourceNames == ["posts", "profile"])
    #expect(custom["profile"]?["name"] == .string("x"))
  }
}
