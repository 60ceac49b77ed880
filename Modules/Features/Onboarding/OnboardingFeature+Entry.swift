import FeatureKit

extension OnboardingFeature: FeatureEntry {
  /// The first-launch overlay, its progress kept in the settings.
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    [module(settings: dependencies.persistence.settings).erased]
  }
}
