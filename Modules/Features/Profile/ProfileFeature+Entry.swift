import FeatureKit

extension ProfileFeature: FeatureEntry {
  /// Profile as help, `kumiki features` and completion show it, read without building the module: a tab with
  /// ``commands``. ``module(client:)`` takes its key and title from here.
  public static let descriptions = [
    FeatureDescription(key: "profile", title: "Profile", screen: .tab, commands: commands)
  ]

  /// The profile over the API: one tab (its edit form is an overlay of that tab).
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    [module(client: .live(http: dependencies.http, baseURL: dependencies.apiURL)).erased]
  }
}
