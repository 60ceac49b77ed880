/// Work the Archive reducer decided to start with one action, for the middleware to carry out right after it — all
/// but the search, which the loading kit's ``LoadingScreenKit/ScreenLoad`` decides (``ArchiveFeature/State/load``).
///
/// The reducer is the only place that decides: it puts what an action starts in ``ArchiveFeature/State/requests``
/// (and empties it for every other action), and the middleware runs exactly that, never re-judging the action or
/// the state before it.
public enum ArchiveRequest: Hashable, Codable, Sendable {
  /// Read the saved list once.
  case readSaved
  /// Follow the saved list (another mount's or another process's writes) until ``stopObservingSaved``.
  case observeSaved
  /// Stop following the saved list.
  case stopObservingSaved
  /// Save the item (fetched first when the screen does not know it), then read the saved list back.
  case save(Int)
  /// Fetch the item (``ArchiveFeature/Action/open(_:)`` of an item the screen does not know) to open its detail.
  case fetchItem(Int)
  /// Unsave the item, then read the saved list back.
  case unsave(Int)
  /// Save the item again as it was (the undo of an unsave: the same `savedAt`, so the same place in the saved
  /// list), then read the saved list back.
  case restore(SavedArchiveItem)
}
