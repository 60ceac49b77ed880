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

    /// The search results part of the screen.
    public enum Search: Equatable, Codable, Sendable {
      /// Nothing searched yet (the first `.appear` searches).
      case idle
      /// A search for the current conditions is in flight.
      case loading
      /// Results (at least one item matches).
      case loaded(ArchiveResults)
      /// Nothing matches the conditions.
      case empty(ArchiveQuery)
      /// The search failed with this message; retry searches again.
      case failed(String)
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
    /// Whether edits changed the conditions and a search waits for typing to pause (decided by the reducer on
    /// `.keywordEdited`, carried out on `.typingPaused`).
    public var isSearchPending: Bool
    /// The selected category chip, or `nil` for all.
    public var category: String?
    /// The category chips offered.
    public var categories: [String]
    /// Search results.
    public var search: Search
    /// Saved items.
    public var saved: Saved
    /// Which list is shown.
    public var mode: Mode
    /// The item whose detail is open (put here by `.select`).
    public var detail: ArchiveItem?
    /// A one-line problem to show (a save or unsave that failed), until dismissed.
    public var notice: String?

    /// Creates the state before anything was loaded.
    public init(
      keyword: String = "",
      category: String? = nil,
      categories: [String] = ArchiveCategory.all,
      search: Search = .idle,
      saved: Saved = .idle,
      mode: Mode = .search,
      detail: ArchiveItem? = nil,
      notice: String? = nil,
      isSearchPending: Bool = false
    ) {
      self.keyword = keyword
      self.isSearchPending = isSearchPending
      self.category = category
      self.categories = categories
      self.search = search
      self.saved = saved
      self.mode = mode
      self.detail = detail
      self.notice = notice
    }

    /// The current search conditions.
    public var query: ArchiveQuery { ArchiveQuery(keyword: keyword, category: category) }

    /// The ids of the saved items (empty until the saved list was read).
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
    public var results: ArchiveResults? {
      guard case .loaded(let results) = search else { return nil }
      return results
    }

    /// An item known to the screen (in the results, the saved list, or the open detail).
    public func item(id: Int) -> ArchiveItem? {
      if let item = results?.items.first(where: { $0.id == id }) { return item }
      if case .loaded(let entries) = saved, let entry = entries.first(where: { $0.id == id }) { return entry.item }
      if let detail, detail.id == id { return detail }
      return nil
    }
  }
}
