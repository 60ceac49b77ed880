import ArchiveFeature
import FavoriteFeature
import FeatureKit
import HomeFeature
import OnboardingFeature
import ProfileFeature

/// Kumiki's feature list: the registry the apps run.
public enum StandardFeatures {
  /// Kumiki's features, in tab order. **Adding a feature is one line here** (plus its folder and its targets in
  /// Package.swift); no app changes. Onboarding is an overlay, the others get a tab each.
  public static func registry(_ dependencies: FeatureDependencies) throws -> FeatureRegistry {
    let http = dependencies.http
    let api = dependencies.apiURL
    let persistence = dependencies.persistence
    return try FeatureRegistry([
      OnboardingFeature.module(settings: persistence.settings).erased,
      HomeFeature.module(client: .live(http: http, baseURL: api)).erased,
      ArchiveFeature.module(client: .live(http: http, baseURL: api), saved: persistence.savedItems).erased,
      FavoriteFeature.module(client: .live(http: http, baseURL: api)).erased,
      ProfileFeature.module(client: .live(http: http, baseURL: api)).erased,
    ])
  }
}
