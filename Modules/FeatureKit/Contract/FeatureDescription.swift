/// One mount of a feature as help, `kumiki features` and shell completion show it: its key, title, whether it has
/// a screen and its commands, known without building the feature (no client, no database, no store).
///
/// A feature folder states it in its ``FeatureEntry/descriptions``, one per mount, from the same values its module
/// is built from — the command descriptions its ``FeatureCommand``s carry — and the conformance suite checks that
/// each equals the ``FeatureModule/description`` of the module the app mounts:
///
/// ```swift
/// extension RecipesFeature: FeatureEntry {
///   public static let descriptions = [
///     FeatureDescription(key: "recipes", title: "Recipes", screen: .tab, commands: commands)
///   ]
///   public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] { … }
/// }
/// ```
public struct FeatureDescription: Sendable, Equatable {
  /// The key the feature is mounted under: its command group, `--features` name and persistence key.
  public var key: String
  /// Human title (tab label, help's group heading, `kumiki features`).
  public var title: String
  /// Where its screen goes, or `nil` for a feature without a screen (commands only).
  public var screen: FeaturePlacement?
  /// Its commands, relative to ``key``.
  public var commands: [CommandDescription]

  public init(key: String, title: String, screen: FeaturePlacement?, commands: [CommandDescription]) {
    self.key = key
    self.title = title
    self.screen = screen
    self.commands = commands
  }

  /// A description whose commands are those of `commands` (what the module mounts), so the two share one source.
  public init<State, Action>(
    key: String, title: String, screen: FeaturePlacement?, commands: [FeatureCommand<State, Action>]
  ) {
    self.init(key: key, title: title, screen: screen, commands: commands.map(\.description))
  }

  /// Whether the feature has a screen.
  public var hasScreen: Bool { screen != nil }
}
