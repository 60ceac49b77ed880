import FeatureKit

extension ProfileFeature: FeatureEntry {
  /// Profile as help, `kumiki features` and completion show it, read without building the module: a tab with
  /// ``commands``. ``module(client:)`` takes its key and title from here.
  public static let descriptions = [
    FeatureDescription(key: "profile", title: "Profile", screen: .tab, commands: commands)
  ]

  /// The profile over the API: one tab (its edit form is an overlay of that tab). Its Recently Saved tab lists the
  /// user's saved items (``ProfileClient/recentlySaved(_:)``), from the app's shared saved-items client.
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    var client = ProfileClient.live(http: dependencies.http, baseURL: dependencies.apiURL)
    client.recentFavorites = ProfileClient.recentlySaved(dependencies.persistence.savedItems)
    return [module(client: client).erased]
  }
}
