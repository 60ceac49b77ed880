import FeatureKit

extension ArchiveFeature {
  /// Archive keeps its last keyword, category and list (Search or Saved) across runs of either app: its
  /// ``State/rememberedSearch``, stored as JSON (version 1) under the mount's key and restored before `.launch`.
  /// The TUI opens where it was left; `kumiki archive search --last` repeats the last search.
  public static let persistence = StatePersistence<State>.property(\.rememberedSearch)
}
