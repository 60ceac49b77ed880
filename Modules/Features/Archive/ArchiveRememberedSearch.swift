/// What Archive keeps across runs (through the contract's ``FeatureKit/StatePersistence``, under the mount's key):
/// the last search conditions and which list was on show. Results are not kept; they are searched again.
public struct ArchiveRememberedSearch: Equatable, Codable, Sendable {
  /// The keyword as last typed.
  public var keyword: String
  /// The selected category, or `nil` for all.
  public var category: String?
  /// Search results or saved items.
  public var mode: ArchiveFeature.State.Mode

  /// Creates a remembered search.
  public init(keyword: String, category: String?, mode: ArchiveFeature.State.Mode) {
    self.keyword = keyword
    self.category = category
    self.mode = mode
  }
}

extension ArchiveFeature.State {
  /// What Archive keeps across runs. Setting it puts remembered conditions back: the keyword and the list always,
  /// the category unless this mount is fixed to its own or the category is no longer offered.
  public var rememberedSearch: ArchiveRememberedSearch {
    get { ArchiveRememberedSearch(keyword: keyword, category: category, mode: mode) }
    set {
      keyword = newValue.keyword
      mode = newValue.mode
      guard fixedCategory == nil else { return }
      if let category = newValue.category, !categories.contains(category) { return }
      category = newValue.category
    }
  }
}
