import FeatureKit

extension OnboardingFeature: FeatureEntry {
  /// Onboarding as help, `kumiki features` and completion show it, read without building the module: an overlay
  /// with ``commands``. ``module(settings:)`` takes its key and title from here.
  public static let descriptions = [
    FeatureDescription(key: key, title: "Onboarding", screen: .overlay, commands: commands)
  ]

  /// The first-launch overlay, its progress kept in the settings.
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    [module(settings: dependencies.persistence.settings).erased]
  }
}
