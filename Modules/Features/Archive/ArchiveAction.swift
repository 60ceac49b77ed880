import FeatureKit
import Networking
import ToastKit

extension ArchiveFeature {
  /// Everything that can happen on the Archive screen.
  public enum Action: ToastingAction, Equatable, Codable, Sendable {
    // MARK: App events

    /// The app launched: read the saved list once.
    case launched
    /// The screen became visible: search if nothing was searched yet, and observe the saved items.
    case appeared
    /// Refresh the screen: search again with the current conditions, asking the network first, and re-read the
    /// saved list.
    case refresh
    /// The app is exiting: stop observing the saved items.
    case terminated
    /// The API answers again after it could not be reached (the app's `.reconnected`): results shown offline, or a
    /// search that failed, search again once, network first (``State/reconnect``).
    case reconnected

    // MARK: Conditions

    /// The keyword field was edited (every keystroke): the text is kept as typed, and the search runs once typing
    /// pauses for ``ArchiveFeature/debounce`` (each edit cancels the search in flight).
    case keywordEdited(String)
    /// Enter in the keyword field: search now (trimmed), without waiting for the pause; the category is kept.
    case keywordSubmitted(String)
    /// Typing paused: run the search the edits scheduled (sent by the debounce effect).
    case typingPaused
    /// Select a category chip (`nil`: all categories); the keyword is kept.
    case categorySelected(String?)
    /// Clear both the keyword and the category.
    case clearAll
    /// Search with both conditions and start at `page` (the CLI's `archive search`).
    case search(ArchiveQuery, page: Int)
    /// Search the current conditions (as restored from the last run) from `page` (`kumiki archive search --last`).
    case resumeSearch(page: Int)
    /// Search again after a failure, or when the results shown are offline: asks the network first.
    case retry

    // MARK: Results

    /// A search answered, with where the page came from: the network (the default), the cache, a stale cache entry
    /// being refreshed, or the cache because the network failed. A stale page is followed by a second
    /// `searchLoaded` for the same query and page when its refresh ends: the fresh page, or the same page marked
    /// offline.
    case searchLoaded(ArchivePage, origin: DataOrigin = .network)
    /// A search failed with this message.
    case searchFailed(String)
    /// Load the next page (also retries a failed "load more").
    case loadMore
    /// The next page arrived.
    case moreLoaded(ArchivePage)
    /// Loading the next page failed with this message.
    case moreFailed(String)

    // MARK: Saved items

    /// Save the item (the `[ ]` of an unsaved item; `kumiki archive save ID`).
    case save(Int)
    /// Unsave the item (the `[x]` of a saved item; `kumiki archive unsave ID`).
    case unsave(Int)
    /// Read the saved list again.
    case loadSaved
    /// The saved list as persisted now (after a read, a write, or a change observed from anywhere).
    case savedListLoaded([SavedArchiveItem])
    /// Reading the saved list failed with this message.
    case savedListFailed(String)
    /// The unsave of the item answered: the item the store removed (`nil`: it was not saved). A removal shows
    /// "Removed “…”" with its undo, ``restore(_:)``.
    case unsaveFinished(id: Int, removed: SavedArchiveItem?)
    /// The save (or the restore) of the item was written: "Saved “…”" shows.
    case saveFinished(SavedArchiveItem)
    /// Undo an unsave (`u` while "Removed “…”" shows): save the removed item again as it was, in its place in the
    /// saved list. Ignored unless the toast shown offers exactly this undo (so never after it went).
    case restore(SavedArchiveItem)
    /// Saving or unsaving the item failed with this message.
    case saveFailed(id: Int, message: String)
    /// Hide the notice.
    case dismissNotice

    // MARK: Navigation

    /// Show the search results or the saved list.
    case showMode(State.Mode)
    /// Open the detail of an item on screen.
    case select(Int)
    /// Close the detail.
    case closeDetail
    /// Open the detail of item `id` from anywhere (the route `archive/item/<id>`, `kumiki archive item ID`): at once
    /// when the screen knows it, else once `client.item` answers.
    case open(Int)
    /// The item asked for by ``open(_:)`` arrived.
    case opened(ArchiveItem)
    /// Fetching the item asked for by ``open(_:)`` failed with this message.
    case openFailed(id: Int, message: String)

    // MARK: Toasts

    /// The toast's own actions (its time is up), handled by FeatureKit's ``FeatureKit/ToastSlot``.
    case toast(ToastAction)

    /// The toast action this action carries, if any.
    public var toast: ToastAction? {
      if case .toast(let action) = self { action } else { nil }
    }
  }
}
