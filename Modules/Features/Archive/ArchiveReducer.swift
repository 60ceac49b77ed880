import Core
import FeatureKit
import LoadingScreenKit
import Networking
import ToastKit

extension ArchiveFeature {
  /// The Archive reducer: conditions, results, paging, the saved list and navigation. Pure, and the one place that
  /// decides what starts: the search's decisions go to ``State/load`` (the loading kit's, handed every load action
  /// with the conditions as its key), the rest into ``State/requests``, for the middlewares to carry out (see
  /// ``middlewares(client:saved:now:)``); each action starts with both cleared, so they are that action's only. It also decides the toasts: "Saved “…”" once a save was written,
  /// "Removed “…”" with its undo (``Action/restore(_:)``) once an unsave removed the item.
  public static let reducer = Reducer<State, Action> { state, action in
    if !state.requests.isEmpty { state.requests = [] }
    state.load.settle()
    switch action {
    case .launched, .loadSaved:
      state.readSaved()
    case .appeared:
      state.toast.screenAppeared()
      state.requests.append(.observeSaved)
      state.search(.appear)
    case .refresh:
      state.search(.refresh)
      state.readSaved()
    case .terminated:
      state.requests.append(.stopObservingSaved)

    case .keywordEdited(let text):
      let before = state.query
      state.keyword = text
      state.firstPage = 1
      // While a search waits, every edit restarts the wait, even one that leaves the query as it was.
      if state.query != before || state.load.awaitsPause { state.search(.edited) }
    case .keywordSubmitted(let keyword):
      state.keyword = ArchiveQuery(keyword: keyword).keyword
      state.firstPage = 1
      state.search(.reload)
    case .categorySelected(let category):
      guard state.fixedCategory == nil else { return }
      state.category = category
      state.firstPage = 1
      state.search(.reload)
    case .clearAll:
      state.keyword = ""
      state.category = state.fixedCategory
      state.firstPage = 1
      state.search(.reload)
    case .search(let query, let page):
      state.keyword = query.keyword
      if let fixed = state.fixedCategory, let asked = query.category, asked != fixed {
        state.load.awaitsPause = false
        state.load.phase = .failed("This list shows only \(fixed); search the archive for \(asked).")
        state.load.origin = .network
        return
      }
      state.category = state.fixedCategory ?? query.category
      state.firstPage = page.clamped(to: ArchiveClient.pages)
      state.search(.reload)
    case .resumeSearch(let page):
      state.firstPage = page.clamped(to: ArchiveClient.pages)
      state.search(.reload)
    case .load(let action):
      state.search(action)

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
  /// Hands `action` to the search (the loading kit's ``LoadingScreenKit/ScreenLoad/reduce(_:key:)``) with the
  /// current conditions as its key, so a page for conditions the user has left is dropped.
  fileprivate mutating func search(_ action: LoadAction<ArchivePage>) {
    load.reduce(action, key: query)
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
