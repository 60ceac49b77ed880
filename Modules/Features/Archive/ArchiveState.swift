import FeatureKit
import LoadingScreenKit
import Networking
import ToastKit

extension ArchiveFeature {
  /// Everything the Archive screen shows.
  public struct State: Equatable, Codable, Sendable {
    /// Which list the screen shows.
    public enum Mode: String, Equatable, Codable, Sendable {
      /// Search results.
      case search
      /// The saved items (from persistence, offline).
      case saved
    }

    /// The saved items part of the screen.
    public enum Saved: Equatable, Codable, Sendable {
      /// Not read yet.
      case idle
      /// Being read.
      case loading
      /// The saved items, newest first (never empty).
      case loaded([SavedArchiveItem])
      /// Nothing is saved.
      case empty
      /// Reading failed with this message.
      case failed(String)
    }

    /// The free keyword as typed (searched trimmed, see ``query``).
    public var keyword: String
    /// The selected category chip, or `nil` for all.
    public var category: String?
    /// The category this mount is fixed to (the `curry` mount's カレー), or `nil` when the user picks. A fixed mount
    /// offers no chips, keeps its category through "clear all" and searches, and lists only that category's saved
    /// items.
    public var fixedCategory: String?
    /// The category chips offered (none on a fixed mount).
    public var categories: [String]
    /// The search: the loading kit's ``LoadingScreenKit/ScreenLoad``, keyed by ``query`` and paged
    /// (``ArchiveResults``), waiting ``ArchiveFeature/debounce`` for typing to pause. Its `phase` is the results part
    /// of the screen (idle, searching, results, or the error with Retry); its `origin` where the results shown came
    /// from (the network, the cache, a stale entry being refreshed, or the cache because the network failed: shown as
    /// "offline · as of 14:32" with Retry); its `reconnect` whether a reconnection already searched again (once per
    /// outage); `awaitsPause` whether edits wait for typing to pause; `loadsMore` and `moreFailure` the next page.
    public var load: ScreenLoad<ArchiveResults>
    /// The page a search starts at: 1, or the CLI's `--page` (``Action/search(_:page:)``); the search reads it as it
    /// starts.
    public var firstPage: Int
    /// Saved items.
    public var saved: Saved
    /// Which list is shown.
    public var mode: Mode
    /// The item whose detail is open (put here by `.select`).
    public var detail: ArchiveItem?
    /// The item ``Action/open(_:)`` is fetching, whose detail opens when it arrives (`nil` once it did, or closed).
    public var opening: Int? = nil
    /// A one-line problem to show (a save or unsave that failed), until dismissed.
    public var notice: String?
    /// What the last unsave found (`nil` while one is in flight, or before any).
    public var lastUnsave: ArchiveUnsaveResult?
    /// The short notice after a save or an unsave ("Saved “…”", "Removed “…”" with its undo), for a few seconds on
    /// the screen's status line (FeatureKit's toasts).
    public var toast: ToastSlot<Action>
    /// What the last action started besides the search (the saved list, writes, an item's fetch): the reducer's
    /// decision, carried out by the middleware right after it (empty after an action that starts nothing). See
    /// ``ArchiveRequest``.
    public var requests: [ArchiveRequest]

    /// Creates the state before anything was loaded.
    public init(
      keyword: String = "",
      category: String? = nil,
      categories: [String] = ArchiveCategory.all,
      load: ScreenLoad<ArchiveResults> = ScreenLoad(pause: ArchiveFeature.debounce),
      firstPage: Int = 1,
      saved: Saved = .idle,
      mode: Mode = .search,
      detail: ArchiveItem? = nil,
      notice: String? = nil,
      lastUnsave: ArchiveUnsaveResult? = nil,
      requests: [ArchiveRequest] = [],
      toast: ToastSlot<Action> = ToastSlot()
    ) {
      self.keyword = keyword
      self.category = category
      self.categories = categories
      self.load = load
      self.firstPage = firstPage
      self.saved = saved
      self.mode = mode
      self.detail = detail
      self.notice = notice
      self.lastUnsave = lastUnsave
      self.requests = requests
      self.toast = toast
      self.fixedCategory = nil
    }

    /// Fixes this screen to one category (see ``fixedCategory``): its chips go and its searches keep `category`.
    /// For a second mount: `module.mounted(as: "curry", title: "カレー") { $0.fix(category: "カレー") }`.
    public mutating func fix(category: String) {
      fixedCategory = category
      self.category = category
      categories = []
    }

    /// The current search conditions.
    public var query: ArchiveQuery { ArchiveQuery(keyword: keyword, category: category) }

    /// Whether "Clear all" has something to clear: a keyword, or a category the user picked.
    public var canClear: Bool { !query.keyword.isEmpty || category != fixedCategory }

    /// The saved items this screen lists: all of them, or only the fixed category's on a fixed mount.
    public var shownSaved: [SavedArchiveItem] {
      guard case .loaded(let entries) = saved else { return [] }
      guard let fixedCategory else { return entries }
      return entries.filter { $0.item.category == fixedCategory }
    }

    /// The ids of the saved items, of every category (empty until the saved list was read).
    public var savedIDs: Set<Int> {
      guard case .loaded(let entries) = saved else { return [] }
      return Set(entries.map(\.id))
    }

    /// Whether the saved list has been read (so ``savedIDs`` is the truth).
    public var isSavedListKnown: Bool {
      switch saved {
      case .loaded, .empty: true
      case .idle, .loading, .failed: false
      }
    }

    /// The results shown, when there are some.
    public var results: ArchiveResults? { load.content }

    /// An item known to the screen (in the results, the saved list, or the open detail).
    public func item(id: Int) -> ArchiveItem? {
      if let item = results?.items.first(where: { $0.id == id }) { return item }
      if case .loaded(let entries) = saved, let entry = entries.first(where: { $0.id == id }) { return entry.item }
      if let detail, detail.id == id { return detail }
      return nil
    }
  }
}
