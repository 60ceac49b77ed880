import FixtureData
import Foundation
import Testing

/// Every feature folder's fixtures keep the folder's contract: `Modules/Features/X/fixtures.json` against its
/// `fixtures.contract.json` (``FixtureContract``), read here for every folder, so a feature brings data and contract
/// and no test code of its own. With no feature folder (each one deleted), there is nothing to check.
@Suite("Every feature folder's fixtures keep its contract")
struct FeatureFixturesTests {
  /// `Modules/Features`, from this file's place in the checkout.
  static let features = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Modules/Features")

  /// The folders that bring fixtures or a contract, sorted.
  static func folders() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: features.path)) ?? []
    return names.sorted().filter { name in
      ["fixtures.json", FixtureContract.fileName].contains {
        FileManager.default.fileExists(atPath: features.appendingPathComponent("\(name)/\($0)").path)
      }
    }
  }

  @Test("each folder with fixtures.json has a contract, and its data keeps it: every collection named and shaped")
  func everyFolderKeepsItsContract() {
    for folder in Self.folders() {
      let directory = Self.features.appendingPathComponent(folder)
      let problems: [String]
      do {
        let contract = try FixtureContract(contentsOf: directory.appendingPathComponent(FixtureContract.fileName))
        let data = try FixtureDatabase(contentsOf: directory.appendingPathComponent("fixtures.json"))
        problems = contract.problems(in: data)
      } catch {
        problems = ["\(error)"]
      }
      #expect(problems == [], "Modules/Features/\(folder): \(problems.joined(separator: "; "))")
    }
  }

  /// The shipped features bring fixtures (a checkout with its features deleted has none to check).
  @Test("the folders checked are the ones that bundle fixtures")
  func theFoldersCheckedAreTheBundledOnes() {
    #expect(
      Self.folders().map { $0 + "Feature" } == FixtureDatabase.bundledFiles.map(\.feature),
      "a folder has a contract but no fixtures.json, or fixtures.json is bundled from a folder not checked")
  }
}
