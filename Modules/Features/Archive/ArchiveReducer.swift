import Core

extension ArchiveFeature {
  /// The Archive reducer: conditions, results, paging, the saved list and navigation. Pure; the middleware does
  /// the I/O (see ``middlewares(client:saved:now:)``).
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .launched, .loadSaved:
      state.markSavedLoading()
    case .appeared:
      if state.search == .idle { state.startSearch() }
    case .refresh:
      state.startSearch()
      state.markSavedLoading()
    case .terminated:
      break

    case .keywordEdited(let text):
      let before = state.query
      state.keyword = text
      if state.query != before { state.isSearchPending = true }
    case .typingPaused:
      if state.isSearchPending { state.startSearch() }
    case .keywordSubmitted(let keyword):
      state.keyword = ArchiveQuery(keyword: keyword).keyword
      state.startSearch()
    case .categorySelected(let category):
      state.category = category
      state.startSearch()
    case .clearAll:
      state.keyword = ""
      state.category = nil
      state.startSearch()
    case .search(let query, _):
      state.keyword = query.keyword
      state.category = query.category
      state.startSearch()
    case .retry:
      state.startSearch()

    case .searchLoaded(let page):
      guard state.search == .loading, page.query == state.query else { return }
      state.search = page.total == 0 && page.items.isEmpty ? .empty(page.query) : .loaded(ArchiveResults(page))
    case .searchFailed(let message):
      guard state.search == .loading else { return }
      state.search = .failed(message)
    case .loadMore:
      guard var results = state.results, results.hasMore, results.more != .loading else { return }
      results.more = .loading
      state.search = .loaded(results)
    case .moreLoaded(let page):
      guard var results = state.results, results.more == .loading, page.query == results.query,
        page.page == results.lastPage + 1
      else { return }
      let known = Set(results.items.map(\.id))
      results.items += page.items.filter { !known.contains($0.id) }
      results.total = page.total
      results.lastPage = page.page
      results.more = .idle
      state.search = .loaded(results)
    case .moreFailed(let message):
      guard var results = state.results, results.more == .loading else { return }
      results.more = .failed(message)
      state.search = .loaded(results)

    case .save, .unsave:
      state.notice = nil
    case .savedListLoaded(let entries):
      state.saved = entries.isEmpty ? .empty : .loaded(entries)
    case .savedListFailed(let message):
      state.saved = .failed(message)
    case .saveFailed(_, let message):
      state.notice = message
    case .dismissNotice:
      state.notice = nil

    case .showMode(let mode):
      state.mode = mode
      if mode == .saved { state.markSavedLoading() }
    case .select(let id):
      if let item = state.item(id: id) { state.detail = item }
    case .closeDetail:
      state.detail = nil
    }
  }
}

extension ArchiveFeature.State {
  /// A search for the current conditions starts now (and any search waiting for typing to pause is folded in).
  fileprivate mutating func startSearch() {
    isSearchPending = false
    search = .loading
  }

  /// Shows the saved list as loading unless it is already known (a known list stays on screen while re-read).
  fileprivate mutating func markSavedLoading() {
    switch saved {
    case .idle, .failed: saved = .loading
    case .loading, .loaded, .empty: break
    }
  }
}
