import Core
import FeatureKit
import LoadingScreenKit
import Networking
import ToastKit

extension ArchiveFeature {
  /// The Archive reducer: conditions, results, paging, the saved list and navigation. Pure, and the one place that
  /// decides what starts: what an action starts goes into ``State/requests`` for the middleware to carry out (see
  /// ``middlewares(client:saved:now:)``). It also decides the toasts: "Saved “…”" once a save was written,
  /// "Removed “…”" with its undo (``Action/restore(_:)``) once an unsave removed the item.
  public static let reducer = Reducer<State, Action> { state, action in
    if !state.requests.isEmpty { state.requests = [] }
    switch action {
    case .launched, .loadSaved:
      state.readSaved()
    case .appeared:
      state.toast.screenAppeared()
      state.requests.append(.observeSaved)
      if state.search == .idle { state.startSearch() }
    case .refresh:
      state.reconnect.reset()
      state.startSearch(networkFirst: true)
      state.readSaved()
    case .reconnected:
      let showing: ReconnectRefetch.Showing =
        switch state.search {
        case .idle, .loading: .nothing
        case .loaded, .empty: .content(state.searchOrigin)
        case .failed: .error
        }
      guard state.reconnect.reconnected(showing: showing) else { return }
      state.startSearch(networkFirst: true, keepingResults: true)
    case .terminated:
      state.requests.append(.stopObservingSaved)

    case .keywordEdited(let text):
      let before = state.query
      state.keyword = text
      if state.query != before { state.isSearchPending = true }
      // While a search waits, every edit restarts the wait, even one that leaves the query as it was.
      if state.isSearchPending { state.requests.append(.waitForTypingPause) }
    case .typingPaused:
      if state.isSearchPending { state.startSearch() }
    case .keywordSubmitted(let keyword):
      state.keyword = ArchiveQuery(keyword: keyword).keyword
      state.startSearch()
    case .categorySelected(let category):
      guard state.fixedCategory == nil else { return }
      state.category = category
      state.startSearch()
    case .clearAll:
      state.keyword = ""
      state.category = state.fixedCategory
      state.startSearch()
    case .search(let query, let page):
      state.keyword = query.keyword
      if let fixed = state.fixedCategory, let asked = query.category, asked != fixed {
        state.isSearchPending = false
        state.search = .failed("This list shows only \(fixed); search the archive for \(asked).")
        state.searchOrigin = .network
        return
      }
      state.category = state.fixedCategory ?? query.category
      state.startSearch(page: page.clamped(to: ArchiveClient.pages))
    case .resumeSearch(let page):
      state.startSearch(page: page.clamped(to: ArchiveClient.pages))
    case .retry:
      state.reconnect.reset()
      state.startSearch(networkFirst: true, keepingResults: true)

    case .searchLoaded(let page, let origin):
      if state.search == .loading, page.query == state.query {
        state.search = page.total == 0 && page.items.isEmpty ? .empty(page.query) : .loaded(ArchiveResults(page))
      } else if state.awaitsRefresh(of: page) {
        state.showRefreshed(page)
      } else {
        return
      }
      state.searchOrigin = origin
      state.reconnect.loaded(from: origin)
    case .searchFailed(let message):
      guard state.search == .loading else { return }
      state.search = .failed(message)
    case .loadMore:
      guard var results = state.results, results.hasMore, results.more != .loading else { return }
      results.more = .loading
      state.search = .loaded(results)
      state.requests.append(.loadMore)
    case .moreLoaded(let page):
      guard var results = state.results, results.more == .loading, page.query == results.query,
        results.lastPage < ArchiveClient.pages.upperBound, page.page == results.lastPage + 1
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

    case .save(let id):
      state.notice = nil
      state.requests.append(.save(id))
    case .unsave(let id):
      state.notice = nil
      state.lastUnsave = nil
      state.requests.append(.unsave(id))
    case .unsaveFinished(let id, let removed):
      state.lastUnsave = ArchiveUnsaveResult(id: id, dishName: removed?.item.dishName, removed: removed != nil)
      if let removed { state.toast.show("Removed \"\(removed.item.dishName)\"", undo: .restore(removed)) }
    case .saveFinished(let entry):
      state.toast.show("Saved \"\(entry.item.dishName)\"")
    case .restore(let entry):
      guard state.toast.takeUndo(.restore(entry)) else { return }
      state.notice = nil
      state.requests.append(.restore(entry))
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
      if mode == .saved, !state.isSavedListKnown, state.saved != .loading { state.readSaved() }
    case .select(let id):
      if let item = state.item(id: id) { state.detail = item }
    case .closeDetail:
      state.detail = nil
      state.opening = nil
    case .open(let id):
      state.notice = nil
      if let item = state.item(id: id) {
        state.detail = item
        state.opening = nil
      } else {
        state.opening = id
        state.requests.append(.fetchItem(id))
      }
    case .opened(let item):
      guard state.opening == item.id else { return }  // closed, or another item asked for since
      state.opening = nil
      state.detail = item
    case .openFailed(let id, let message):
      guard state.opening == id else { return }
      state.opening = nil
      state.notice = message

    case .toastExpired(let serial):
      state.toast.expire(serial)
    }
  }
}

extension ArchiveFeature.State {
  /// A search for the current conditions starts now (and any search waiting for typing to pause is folded in),
  /// reading the cache first unless `networkFirst` (Refresh, Retry).
  /// `keepingResults`: results shown offline stay on screen until the answer replaces them (Retry, a reconnection),
  /// as a stale page does while it is refreshed (``awaitsRefresh(of:)``).
  fileprivate mutating func startSearch(page: Int = 1, networkFirst: Bool = false, keepingResults: Bool = false) {
    isSearchPending = false
    if !(keepingResults && showsOfflineResults) {
      search = .loading
      searchOrigin = .network
    }
    requests.append(.search(page: page, networkFirst: networkFirst))
  }

  /// Whether results (or an empty result) read from the cache while the API could not answer are on screen.
  private var showsOfflineResults: Bool {
    guard case .offline = searchOrigin else { return false }
    switch search {
    case .loaded, .empty: return true
    case .idle, .loading, .failed: return false
    }
  }

  /// Whether `page` is the second answer of the search whose results are shown from a stale cache entry (the fresh
  /// page, or the same one marked offline), or the answer to a Retry of results shown offline, for the shown query
  /// and the page the results start with.
  fileprivate func awaitsRefresh(of page: ArchivePage) -> Bool {
    switch searchOrigin {
    case .stale, .offline: break
    case .network, .cache: return false
    }
    switch search {
    case .loaded(let results): return results.query == page.query && page.page <= results.lastPage
    case .empty(let query): return query == page.query
    case .idle, .loading, .failed: return false
    }
  }

  /// Shows the refreshed answer for the page the shown results start with, keeping the pages "load more" added.
  fileprivate mutating func showRefreshed(_ page: ArchivePage) {
    if page.total == 0 && page.items.isEmpty {
      search = .empty(page.query)
    } else if var results = self.results {
      results.refresh(with: page)
      search = .loaded(results)
    } else {
      search = .loaded(ArchiveResults(page))
    }
  }

  /// Reads the saved list, showing it as loading unless it is already known (a known list stays on screen while
  /// re-read).
  fileprivate mutating func readSaved() {
    switch saved {
    case .idle, .failed: saved = .loading
    case .loading, .loaded, .empty: break
    }
    requests.append(.readSaved)
  }
}
