import FixtureData
import Foundation

/// A feature's scenarios: the ``Scenario/standard`` ones, then its own from its folder's `scenarios/<name>.json`,
/// by name.
public struct ScenarioCatalog: Sendable, Hashable {
  /// Standard first, in their order, then the feature's own by name.
  public let scenarios: [Scenario]

  /// The standard scenarios and `own`.
  public init(own: [Scenario] = []) {
    scenarios = Scenario.standard + own.sorted { $0.name < $1.name }
  }

  /// Reads the feature folder's `scenarios/` (none is fine). Every file in it must be a valid `<name>.json`
  /// (dot files excepted).
  /// - Parameters:
  ///   - featureFolder: `Modules/Features/<Name>`.
  ///   - shownAs: how messages spell the folder (a path relative to the checkout); its own path by default.
  /// - Throws: ``ScenarioError`` naming the first bad file.
  public init(featureFolder: URL, shownAs: String? = nil) throws(ScenarioError) {
    let folder = featureFolder.appending(path: "scenarios")
    let shown = (shownAs ?? featureFolder.path) + "/scenarios"
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
      self.init()
      return
    }
    guard isFolder.boolValue else {
      throw .unreadableFolder(path: shown, reason: "not a folder (a feature's scenarios are scenarios/<name>.json)")
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    } catch {
      throw .unreadableFolder(path: shown, reason: error.localizedDescription)
    }
    var own: [Scenario] = []
    for entry in names where !entry.hasPrefix(".") {
      let file = shown + "/" + VisibleText.shown(entry)
      guard entry.hasSuffix(".json") else {
        throw .invalid(file: file, reason: "a scenario is a file named <name>.json; nothing else belongs here")
      }
      let url = folder.appending(path: entry)
      let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
      guard values?.isRegularFile == true else { throw .invalid(file: file, reason: "not a regular file") }
      guard (values?.fileSize ?? 0) <= Scenario.maximumFileSize else {
        throw .invalid(file: file, reason: "larger than \(Scenario.maximumFileSize) bytes")
      }
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw .invalid(file: file, reason: "cannot read: \(error.localizedDescription)")
      }
      own.append(try Scenario(name: String(entry.dropLast(".json".count)), json: data, file: file))
    }
    self.init(own: own)
  }

  /// The scenario named `name`.
  /// - Throws: ``ScenarioError/unknown(_:available:)`` listing the names there are.
  public func scenario(named name: String) throws(ScenarioError) -> Scenario {
    guard let found = scenarios.first(where: { $0.name == name }) else {
      throw .unknown(VisibleText.shown(name), available: scenarios.map(\.name))
    }
    return found
  }

  /// `make scenarios`' listing: one line per scenario, its name, then its summary, then where it comes from.
  public var listing: String {
    let width = (scenarios.map(\.name.count).max() ?? 0) + 2
    return scenarios.map { scenario in
      let name = scenario.name.padding(toLength: width, withPad: " ", startingAt: 0)
      let origin = scenario.file.map { " (\($0))" } ?? ""
      return "  \(name)\(VisibleText.shown(scenario.summary, limit: Scenario.maximumSummaryLength))\(origin)\n"
    }.joined()
  }
}
