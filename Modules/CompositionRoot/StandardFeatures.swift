import FeatureAssembly
import FeatureKit

/// Kumiki's feature list: the registry the apps run.
///
/// The list is not kept by hand: `entries` is generated at build time (the FeatureList plugin) from the feature
/// folders Package.swift discovers in `Modules/Features`, in the tab order their `feature.json` files give. **Adding
/// a feature is adding its folder**; no app or shared file changes.
public enum StandardFeatures {
  /// Every registered feature's mounts over `dependencies`, in tab order.
  /// - Throws: ``RegistryError/duplicateKey(_:)`` when two features mount under the same key.
  public static func registry(_ dependencies: FeatureDependencies) throws -> FeatureRegistry {
    try FeatureRegistry(mounts(dependencies).map(\.feature))
  }

  /// The mounts named in `keys` over `dependencies`, in tab order (every mount when `keys` is empty), as
  /// `registry(dependencies).selecting(keys)` gives them, but building only the entries that have one of those
  /// mounts: which entry mounts what is read from the static ``FeatureEntry/descriptions``, so a command of one
  /// feature instantiates no other feature's module, commands or clients.
  /// - Throws: ``RegistryError/duplicateKey(_:)`` when two mounts share a key,
  ///   ``RegistryError/unknownFeature(_:available:)`` for a key no mount has.
  public static func registry(_ dependencies: FeatureDependencies, selecting keys: [String]) throws -> FeatureRegistry {
    guard !keys.isEmpty else { return try registry(dependencies) }
    _ = try FeatureRegistry.selecting(keys, from: descriptions)
    let needed = entries.filter { entry in entry.entry.descriptions.contains { keys.contains($0.key) } }
    return try FeatureRegistry(needed.flatMap { $0.entry.mounts(dependencies) }).selecting(keys)
  }

  /// Every mount as help, `kumiki features` and completion show it, in tab order: each entry's static
  /// ``FeatureEntry/descriptions``, read without building any feature.
  public static var descriptions: [FeatureDescription] {
    entries.flatMap { $0.entry.descriptions }
  }

  /// Every mount with the feature module it comes from (`ArchiveFeature` mounts `archive` and `curry`), in tab
  /// order: what app-level suites iterate to check each feature without naming one.
  public static func mounts(_ dependencies: FeatureDependencies) -> [(module: String, feature: AnyFeature)] {
    entries.flatMap { entry in entry.entry.mounts(dependencies).map { (entry.module, $0) } }
  }
}
