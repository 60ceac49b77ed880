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

  /// The part of `state` to remember.
  public init(_ state: ArchiveFeature.State) {
    self.init(keyword: state.keyword, category: state.category, mode: state.mode)
  }

  /// Puts the remembered conditions back into a fresh state. A fixed mount keeps its own category.
  public func apply(to state: inout ArchiveFeature.State) {
    state.keyword = keyword
    state.mode = mode
    guard state.fixedCategory == nil else { return }
    if let category, !state.categories.contains(category) { return }
    state.category = category
  }
}
