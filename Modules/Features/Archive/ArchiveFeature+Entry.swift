import FeatureKit

extension ArchiveFeature: FeatureEntry {
  /// The two mounts as help, `kumiki features` and completion show them, read without building a module or a state:
  /// tabs whose commands are those of each mount's fixed category (``commands(fixedCategory:)``: `curry` has no
  /// `--category`).
  public static let descriptions = [
    FeatureDescription(key: key, title: title, screen: .tab, commands: commands(fixedCategory: nil)),
    FeatureDescription(
      key: curry.key, title: curry.title, screen: .tab, commands: commands(fixedCategory: curry.category)),
  ]

  /// The second mount: the archive fixed to the カレー category.
  static let curry = (key: "curry", title: "カレー", category: "カレー")

  /// What the `curry` mount does to the archive's initial state.
  static func fixToCurry(_ state: inout State) { state.fix(category: curry.category) }

  /// Archive is mounted twice: `archive`, and `curry` fixed to the カレー category. Each mount has its own state,
  /// effects, persisted search, tab and commands (`kumiki curry search`); both share the saved items through the
  /// database, so an item saved in one shows in the other.
  public static func mounts(_ dependencies: FeatureDependencies) -> [AnyFeature] {
    let archive = module(
      client: .live(http: dependencies.http, baseURL: dependencies.apiURL), saved: dependencies.persistence.savedItems)
    return [
      archive.erased,
      archive.mounted(as: curry.key, title: curry.title) { fixToCurry(&$0) }.erased,
    ]
  }
}
