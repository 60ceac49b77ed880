import FeatureKit

extension FavoriteFeature: FeatureEntry {
  /// Favorite (`favorites`, titled Scenes) as help, `kumiki features` and completion show it, read without building the module: a tab with
  /// ``commands``. ``module(client:)`` takes its key and title from here.
  public static let descriptions = [
    FeatureDescription(key: "favorites", title: "Scenes", screen: .tab, commands: commands)
  ]

  /// The curated scenes over the API: one tab.
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    [module(client: .live(http: dependencies.http, baseURL: dependencies.apiURL)).erased]
  }
}
