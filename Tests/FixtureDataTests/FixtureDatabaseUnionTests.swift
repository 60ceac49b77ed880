import FixtureData
import Foundation
import Testing

/// The sample data is the union of every feature folder's `fixtures.json`: each feature's collections, in feature
/// order, and a collection two features declare is an error that names both.
@Suite("FixtureDatabase: the union of the features' fixtures")
struct FixtureDatabaseUnionTests {
  @Test("the bundled data holds exactly the collections of the bundled feature files, each file's in its order")
  func bundledIsTheUnionOfTheFeatureFiles() throws {
    let files = FixtureDatabase.bundledFiles
    // Exactly the feature folders that bring a fixtures.json (Plugins/FeatureFixtures): none is left out, and none
    // of a folder since deleted is left in (with no feature folder, none at all).
    let features = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Modules/Features")
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: features.path)) ?? []).filter {
      FileManager.default.fileExists(atPath: features.appendingPathComponent("\($0)/fixtures.json").path)
    }
    #expect(files.map(\.feature) == folders.sorted().map { $0 + "Feature" })
    #expect(files.map(\.feature) == files.map(\.feature).sorted())
    #expect(files.allSatisfy { $0.feature.hasSuffix("Feature") })
    let parts = try files.map { try FixtureDatabase(contentsOf: $0.url) }
    #expect(try FixtureDatabase.bundled.resourceNames == parts.flatMap(\.resourceNames))
    #expect(try FixtureDatabase(json: FixtureDatabase.bundledJSON) == FixtureDatabase.bundled)
  }

  @Test("a collection declared by two features is refused, naming the collection and both features")
  func aCollectionDeclaredTwiceNamesBothOwners() throws {
    let recipes = try FixtureDatabase(json: Array(#"{"recipes": [{"id": 1}], "tags": []}"#.utf8))
    let pantry = try FixtureDatabase(json: Array(#"{"pantry": [], "recipes": []}"#.utf8))
    #expect(
      throws: FixtureDatabaseError.duplicateCollection("recipes", first: "RecipesFeature", second: "PantryFeature")
    ) {
      try FixtureDatabase.union([("RecipesFeature", recipes), ("PantryFeature", pantry)])
    }
    let error = FixtureDatabaseError.duplicateCollection("recipes", first: "RecipesFeature", second: "PantryFeature")
    #expect(
      error.description
        == #"the collection "recipes" is declared by both RecipesFeature and PantryFeature (their fixtures.json files)"#
    )
    let union = try FixtureDatabase.union([
      ("RecipesFeature", recipes), ("PantryFeature", FixtureDatabase(root: .init())),
    ])
    #expect(union.resourceNames == ["recipes", "tags"])
  }

  @Test("a damaged feature file names the feature")
  func aDamagedFileNamesItsFeature() {
    let error = FixtureDatabaseError.inFeature("RecipesFeature", .notAnObject)
    #expect(error.description.hasPrefix("RecipesFeature's fixtures.json: the top level must be a JSON object"))
  }
}
