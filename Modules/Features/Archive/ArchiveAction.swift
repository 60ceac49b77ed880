import FeatureKit
import LoadingScreenKit

extension ArchiveFeature {
  /// Everything that can happen on the Archive screen.
  public enum Action: Equatable, Codable, Sendable {
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

    // MARK: Conditions

    /// The keyword field was edited (every keystroke): the text is kept as typed, and the search runs once typing
    /// pauses for ``ArchiveFeature/debounce`` (each edit cancels the search in flight; `.load(.paused)` searches).
    case keywordEdited(String)
    /// Enter in the keyword field: search now (trimmed), without waiting for the pause; the category is kept.
    case keywordSubmitted(String)
    /// Select a category chip (`nil`: all categories); the keyword is kept.
    case categorySelected(String?)
    /// Clear both the keyword and the category.
    case clearAll
    /// Search with both conditions and start at `page` (the CLI's `archive search`).
    case search(ArchiveQuery, page: Int)
    /// Search the current conditions (as restored from the last run) from `page` (`kumiki archive search --last`).
    case resumeSearch(page: Int)

    // MARK: The search

    /// The search, on the loading kit (``State/load``): `.retry` (after a failure, or on results shown offline:
    /// network first), `.reconnected` (the app's: results shown offline, or a search that failed, search again
    /// once), `.more` (the next page; also retries a failed one), `.paused` (typing paused), and the answers the
    /// search effect sends — `.loaded(page, origin:)` (a stale page is followed by a second one for the same query
    /// and page when its refresh ends: the fresh page, or the same page marked offline), `.failed`, `.moreLoaded`,
    /// `.moreFailed`.
    case load(LoadAction<ArchivePage>)

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

    /// The toast numbered `serial` (FeatureKit's ``FeatureKit/ToastSlot``) has been shown for its time: sent by the
    /// toast timer.
    case toastExpired(serial: Int)
  }
}
