import FeatureKit

extension ArchiveFeature: FeatureEntry {
  /// Archive is mounted twice: `archive`, and `curry` fixed to the カレー category. Each mount has its own state,
  /// effects, persisted search, tab and commands (`kumiki curry search`); both share the saved items through the
  /// database, so a heart set in one shows in the other.
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    let archive = module(
      client: .live(http: dependencies.http, baseURL: dependencies.apiURL), saved: dependencies.persistence.savedItems)
    return [
      archive.erased,
      archive.mounted(as: "curry", title: "カレー") { $0.fix(category: "カレー") }.erased,
    ]
  }
}
