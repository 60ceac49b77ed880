import FixtureData
import Testing

/// Archive's fixtures.json keeps the API contract its screens and commands are written against: enough items, exactly
/// the contract's fields with the contract's types, and the values its tests rely on. (The fixture server's
/// own suites test json-server's behaviour on data of their own.)
@Suite("Archive's fixture data")
struct ArchiveFixtureDataTests {
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
        "achive_images", 36,
        [
          "id": Kind.integer, "photo_url": .string, "category": .string, "dish_name": .string,
          "shop_name": .string, "introduction": .string,
        ]
      )
    ])
  func schema(name: String, minimum: Int, fields: [String: Kind]) {
    #expect(database.shapeProblems(of: name, atLeast: minimum, fields: fields) == [])
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
    let texts = try list("achive_images")
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

}
