/// A feature folder's entry point: how the app's registry mounts the feature, found by name.
///
/// The feature module `XFeature` (the folder `Modules/Features/X`) declares a public type of the same name that
/// conforms; the composition root's list of features is generated from its dependencies (Package.swift discovers the
/// folders), so no shared file names the feature:
///
/// ```swift
/// extension ArchiveFeature: FeatureEntry {
///   public static let descriptions = [
///     FeatureDescription(key: "archive", title: "Archive", screen: .tab, commands: commands(fixedCategory: nil)),
///     FeatureDescription(key: "curry", title: "カレー", screen: .tab, commands: commands(fixedCategory: "カレー")),
///   ]
///   public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
///     [module(client: .live(http: dependencies.http, baseURL: dependencies.apiURL), saved: ...).erased]
///   }
/// }
/// ```
public protocol FeatureEntry: SendableMetatype {
  /// Each mount as help, `kumiki features` and shell completion show it, in the order of ``mounts(_:)``: read
  /// without building anything, so `kumiki --help` starts as fast as `--version`. State it from the values the
  /// modules are built from (the key, the title, the module's ``FeatureCommand``s); the conformance suite checks
  /// that it equals the ``FeatureModule/description`` of every mount.
  static var descriptions: [FeatureDescription] { get }

  /// The feature's mounts, built over the app's dependencies (interfaces only: the live app passes libcurl and
  /// SQLite, tests pass fakes). Most features mount once; a feature may mount itself again under another key with
  /// other initial state (``FeatureModule/mounted(as:title:configure:)``), each mount with its own tab and commands.
  static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature]
}
