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
  ///
  /// Archive is mounted twice: `archive`, and `curry` fixed to the カレー category. Each mount has its own state,
  /// effects, persisted search, tab and commands (`kumiki curry search`); both share the saved items through the
  /// database, so a heart set in one shows in the other.
  public static func registry(_ dependencies: FeatureDependencies) throws -> FeatureRegistry {
    let http = dependencies.http
    let api = dependencies.apiURL
    let persistence = dependencies.persistence
    let archive = ArchiveFeature.module(client: .live(http: http, baseURL: api), saved: persistence.savedItems)
    return try FeatureRegistry([
      OnboardingFeature.module(settings: persistence.settings).erased,
      HomeFeature.module(client: .live(http: http, baseURL: api)).erased,
      archive.erased,
      archive.mounted(as: "curry", title: "カレー") { $0.fix(category: "カレー") }.erased,
      FavoriteFeature.module(client: .live(http: http, baseURL: api)).erased,
      ProfileFeature.module(client: .live(http: http, baseURL: api)).erased,
    ])
  }
}
