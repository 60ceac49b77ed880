import FeatureKit

extension FavoriteFeature: FeatureEntry {
  /// The curated scenes over the API: one tab.
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    [module(client: .live(http: dependencies.http, baseURL: dependencies.apiURL)).erased]
  }
}
