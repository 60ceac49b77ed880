/// A feature folder's entry point: how the app's registry mounts the feature, found by name.
///
/// The feature module `XFeature` (the folder `Modules/Features/X`) declares a public type of the same name that
/// conforms; the composition root's list of features is generated from its dependencies (Package.swift discovers the
/// folders), so no shared file names the feature:
///
/// ```swift
/// extension ArchiveFeature: FeatureEntry {
///   public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
///     [module(client: .live(http: dependencies.http, baseURL: dependencies.apiURL), saved: ...).erased]
///   }
/// }
/// ```
public protocol FeatureEntry: SendableMetatype {
  /// The feature's mounts, built over the app's dependencies (interfaces only: the live app passes libcurl and
  /// SQLite, tests pass fakes). Most features mount once; a feature may mount itself again under another key with
  /// other initial state (``FeatureModule/mounted(as:title:configure:)``), each mount with its own tab and commands.
  static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature]
}
