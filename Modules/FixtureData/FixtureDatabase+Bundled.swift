import Foundation

extension FixtureDatabase {
  /// The fixture files bundled with this module, one per feature folder that brings a `fixtures.json`
  /// (`Modules/Features/X/fixtures.json`, bundled as `XFeature.fixtures.json` at build time), sorted by feature.
  /// A folder deleted since an earlier build is left out, though its copy may still be in the built bundle: only the
  /// files that the list written beside them (`FeatureFixtures.index`, Plugins/FeatureFixtures) names are read. With
  /// no feature folder bringing one (every shipped feature deleted, say), none, and the data is empty.
  public static var bundledFiles: [(feature: String, url: URL)] {
    let suffix = ".fixtures.json"
    // Without the list (a build that did not run the plugin), every bundled file: none is dropped unseen.
    let listed = Bundle.module.url(forResource: "FeatureFixtures", withExtension: "index")
      .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
      .map { Set($0.split(separator: "\n").map(String.init)) }
    return Bundle.module.paths(forResourcesOfType: "json", inDirectory: nil).compactMap {
      path -> (feature: String, url: URL)? in
      let url = URL(fileURLWithPath: path)
      let name = url.lastPathComponent
      guard name.hasSuffix(suffix), name.count > suffix.count,
        listed?.contains(String(name.dropLast(suffix.count))) ?? true
      else { return nil }
      return (String(name.dropLast(suffix.count)), url)
    }
    .sorted { $0.feature < $1.feature }
  }

  private static let loadedBundle: Result<FixtureDatabase, FixtureDatabaseError> = Result {
    () throws(FixtureDatabaseError) -> FixtureDatabase in
    var parts: [(owner: String, database: FixtureDatabase)] = []
    for file in bundledFiles {
      do throws(FixtureDatabaseError) {
        parts.append((file.feature, try FixtureDatabase(contentsOf: file.url)))
      } catch {
        throw .inFeature(file.feature, error)
      }
    }
    return try union(parts)
  }

  /// The sample data the API serves: the union of every feature's fixture collections (see ``bundledFiles``),
  /// loaded once per process. Each server starting from it gets its own copy, which its writes change; fakes in
  /// feature suites read it too.
  /// - Throws: ``FixtureDatabaseError`` if a feature's file is damaged or two features declare the same collection.
  public static var bundled: FixtureDatabase {
    get throws(FixtureDatabaseError) { try loadedBundle.get() }
  }

  /// The bundled data as json-server writes its file (two-space indentation), for a server that needs a file of
  /// its own to write to.
  public static var bundledJSON: [UInt8] {
    get throws(FixtureDatabaseError) { JSONWriter(prettyPrinted: true).bytes(of: .object(try bundled.root)) }
  }

  /// One database of every part's collections, in the parts' order.
  /// - Throws: ``FixtureDatabaseError/duplicateCollection(_:first:second:)`` naming both owners when two parts
  ///   declare the same collection.
  public static func union(
    _ parts: [(owner: String, database: FixtureDatabase)]
  ) throws(FixtureDatabaseError)
    -> FixtureDatabase
  {
    var owners: [String: String] = [:]
    var members: [(String, JSONValue)] = []
    for part in parts {
      for member in part.database.root.members {
        if let first = owners[member.key] {
          throw .duplicateCollection(member.key, first: first, second: part.owner)
        }
        owners[member.key] = part.owner
        members.append((member.key, member.value))
      }
    }
    return FixtureDatabase(root: JSONObject(members))
  }
}
