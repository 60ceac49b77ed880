import FeatureKit
import Foundation

extension ArchiveFeature {
  /// Archive keeps its last keyword, category and list (Search or Saved) across runs of either app: stored as
  /// versioned JSON under the mount's key, restored before `.launch`. The TUI opens where it was left;
  /// `kumiki archive search --last` repeats the last search.
  public static let persistence = StatePersistence<State>(
    version: 1,
    save: { state in try? JSONEncoder().encode(ArchiveRememberedSearch(state)) },
    restore: { state, data, version in
      guard version == 1, let remembered = try? JSONDecoder().decode(ArchiveRememberedSearch.self, from: data)
      else { return }
      remembered.apply(to: &state)
    }
  )
}
