import FeatureKit

extension ProfileFeature: FeatureEntry {
  /// The profile over the API: one tab (its edit form is an overlay of that tab).
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    [module(client: .live(http: dependencies.http, baseURL: dependencies.apiURL)).erased]
  }
}
