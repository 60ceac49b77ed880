import FeatureAssembly
import FeatureKit
import Presentation

/// What `kumiki features` prints: the mounted features with their commands.
///
/// JSON: `{"features":[{"key":"archive","title":"Archive","screen":true,"commands":["archive search", …]}, …]}`.
/// Text: a table `KEY  TITLE  SCREEN  COMMANDS`.
public struct FeatureCatalog: Sendable {
  /// The mounted features, in mount order.
  public let features: [MountedFeature]
  /// The app's commands.
  public let commands: [AppCommand]

  /// The catalogue of `features` and their `commands`.
  public init(features: [MountedFeature], commands: [AppCommand]) {
    self.features = features
    self.commands = commands
  }

  /// The command names (`archive search`) of the feature mounted under `key`.
  func commandNames(of key: String) -> [String] {
    commands.filter { $0.featureKey == key }.map(\.name)
  }

  /// The JSON value printed with `--json`.
  public var json: JSONValue {
    .object([
      (
        "features",
        .array(
          features.map { feature in
            .object([
              ("key", .string(feature.key)),
              ("title", .string(feature.title)),
              ("screen", .bool(feature.hasScreen)),
              ("commands", .array(commandNames(of: feature.key).map(JSONValue.string))),
            ])
          })
      )
    ])
  }

  /// The view printed as text.
  public var view: ViewNode<Never> {
    guard !features.isEmpty else { return .empty("No features are registered.") }
    return .table(
      TableNode(
        columns: ["KEY", "TITLE", "SCREEN", "COMMANDS"],
        rows: features.map { feature in
          [
            feature.key, feature.title, feature.hasScreen ? "yes" : "no",
            commandNames(of: feature.key).joined(separator: ", "),
          ]
        }))
  }
}
