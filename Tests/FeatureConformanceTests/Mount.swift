import CompositionRoot
import FeatureKit
import Foundation
import Networking
import Persistence
import Scenarios
import Testing

/// One registered mount, as the conformance suite sees it: its key and the feature module it comes from. Found by
/// asking the composition root (never by name), so a new feature folder is covered the moment it exists.
struct Mount: Sendable, CustomTestStringConvertible {
  let module: String
  let key: String

  var testDescription: String { "\(key) (\(module))" }

  /// Every mount of every registered feature, in tab order.
  static let all: [Mount] = StandardFeatures.mounts(inert).map { Mount(module: $0.module, key: $0.feature.key) }

  /// Where the feature keeps its golden frames: `Tests/<Module>Tests/__Frames__`, beside its own suite.
  func framesFolder(filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "\(module)Tests").appending(path: "__Frames__")
  }

  /// The feature's scenarios: the standard ones and those of its folder, `Modules/Features/<Name>/scenarios/`.
  func scenarios(filePath: String = #filePath) throws -> ScenarioCatalog {
    let name = String(module.dropLast("Feature".count))
    let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return try ScenarioCatalog(
      featureFolder: root.appending(path: "Modules/Features/\(name)"), shownAs: "Modules/Features/\(name)")
  }

  /// Dependencies that refuse everything: enough to ask features for their mounts, never used to run them.
  static var inert: FeatureDependencies {
    FeatureDependencies(
      http: HTTPClient { request in throw HTTPError.cannotConnect(request.url, reason: "listing mounts only") },
      apiURL: URL(string: "http://127.0.0.1:9")!, persistence: .refusing("listing mounts only"))
  }
}
