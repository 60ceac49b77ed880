import Core
import Foundation
import Networking
import Persistence

extension ArchiveFeature {
  /// The Archive side effects, built from its clients.
  ///
  /// - Search (`archive.search`, a new search cancels the one in flight and any "load more"): on a submitted
  ///   keyword or a category, clear all, retry, refresh, the CLI's search, and the first `.appeared`.
  /// - Search as you type (`archive.typing`): an edit that the reducer marked as pending cancels the search in
  ///   flight and (re)starts a ``ArchiveFeature/debounce`` wait on the store's clock, which sends `.typingPaused`;
  ///   the search then runs if the reducer started it.
  /// - Load more (`archive.more`): the page after the last one loaded.
  /// - Saved list: read once on `.launched`, `.refresh`, `.loadSaved` and when the Saved view opens unread
  ///   (`archive.saved.load`); observed from `.appeared` until `.terminated` (`archive.saved.observe`).
  /// - Save / unsave (`archive.write.<id>`): writes at once, then reads the saved list back, so the hearts always
  ///   show what is persisted. Saving an item not on screen (the CLI) fetches it first with `client.item`.
  /// - Parameter now: stamps newly saved items.
  public static func middlewares(
    client: ArchiveClient,
    saved: SavedItemsClient,
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> [Middleware<State, Action>] {
    let effects = ArchiveEffects(client: client, saved: saved, now: now)
    return [
      Middleware { context, action, next in
        let before = context.state
        next(action)
        effects.react(to: action, before: before, context: context)
      }
    ]
  }
}

/// The effects the Archive middleware starts.
struct ArchiveEffects: Sendable {
  typealias State = ArchiveFeature.State
  typealias Action = ArchiveFeature.Action
  typealias Context = MiddlewareContext<State, Action>

  let client: ArchiveClient
  let saved: SavedItemsClient
  let now: @Sendable () -> Date

  func react(to action: Action, before: State, context: Context) {
    switch action {
    case .launched, .loadSaved:
      loadSaved(context)
    case .appeared:
      observeSaved(context)
      if before.search == .idle { search(context.state.query, page: 1, context) }
    case .refresh:
      search(context.state.query, page: 1, context)
      loadSaved(context)
    case .terminated:
      context.cancel(id: ArchiveFeature.observeID)
    case .keywordEdited:
      guard context.state.isSearchPending else { return }
      context.cancel(id: ArchiveFeature.searchID)
      context.cancel(id: ArchiveFeature.moreID)
      context.run(id: ArchiveFeature.typingID, debounce: ArchiveFeature.debounce) { send in send(.typingPaused) }
    case .typingPaused:
      if context.state.search == .loading { search(context.state.query, page: 1, context) }
    case .keywordSubmitted, .categorySelected, .clearAll, .retry:
      search(context.state.query, page: 1, context)
    case .search(let query, let page):
      search(query, page: max(1, page), context)
    case .loadMore:
      guard let results = context.state.results, results.more == .loading, before.results?.more != .loading else {
        return
      }
      loadMore(results, context)
    case .save(let id):
      save(id, known: context.state.item(id: id), context)
    case .unsave(let id):
      unsave(id, context)
    case .showMode(.saved):
      if context.state.saved == .loading { loadSaved(context) }
    case .searchLoaded, .searchFailed, .moreLoaded, .moreFailed, .savedListLoaded, .savedListFailed, .saveFailed,
      .dismissNotice, .showMode, .select, .closeDetail:
      break
    }
  }

  private func search(_ query: ArchiveQuery, page: Int, _ context: Context) {
    context.cancel(id: ArchiveFeature.typingID)
    context.cancel(id: ArchiveFeature.moreID)
    let client = client
    context.run(id: ArchiveFeature.searchID, cancelInFlight: true) { send in
      do {
        send(.searchLoaded(try await client.search(query, page)))
      } catch is CancellationError {
      } catch {
        send(.searchFailed(String(describing: error)))
      }
    }
  }

  private func loadMore(_ results: ArchiveResults, _ context: Context) {
    let client = client
    context.run(id: ArchiveFeature.moreID, cancelInFlight: true) { send in
      do {
        send(.moreLoaded(try await client.search(results.query, results.lastPage + 1)))
      } catch is CancellationError {
      } catch {
        send(.moreFailed(String(describing: error)))
      }
    }
  }

  private func loadSaved(_ context: Context) {
    let saved = saved
    context.run(id: ArchiveFeature.loadSavedID, cancelInFlight: true) { send in
      do {
        send(.savedListLoaded(try await saved.list().map(SavedArchiveItem.init)))
      } catch {
        send(.savedListFailed(String(describing: error)))
      }
    }
  }

  /// Follows the saved list for the app's lifetime (until `.terminated` or the store goes away).
  private func observeSaved(_ context: Context) {
    let saved = saved
    context.run(id: ArchiveFeature.observeID, cancelInFlight: true) { send in
      do {
        for try await items in saved.observe() {
          send(.savedListLoaded(items.map(SavedArchiveItem.init)))
        }
      } catch is CancellationError {
      } catch {
        send(.savedListFailed(String(describing: error)))
      }
    }
  }

  /// Saves the item, then reads the saved list back. Cancels a saved-list read in flight first, so a list read
  /// before this write can never arrive after it.
  private func save(_ id: Int, known: ArchiveItem?, _ context: Context) {
    context.cancel(id: ArchiveFeature.loadSavedID)
    let (client, saved, now) = (client, saved, now)
    context.run(id: ArchiveFeature.writeID(id), cancelInFlight: true) { send in
      do {
        let item: ArchiveItem
        if let known {
          item = known
        } else {
          item = try await client.item(id)
        }
        try await saved.save(SavedItem(item, savedAt: now()))
      } catch is CancellationError {
        return
      } catch HTTPError.notFound {
        send(.saveFailed(id: id, message: "no archive item \(id)"))
      } catch {
        send(.saveFailed(id: id, message: String(describing: error)))
      }
      await Self.readBack(saved, send)
    }
  }

  /// Unsaves the item, then reads the saved list back (see ``save(_:known:_:)``).
  private func unsave(_ id: Int, _ context: Context) {
    context.cancel(id: ArchiveFeature.loadSavedID)
    let saved = saved
    context.run(id: ArchiveFeature.writeID(id), cancelInFlight: true) { send in
      do {
        try await saved.unsave(id)
      } catch {
        send(.saveFailed(id: id, message: String(describing: error)))
      }
      await Self.readBack(saved, send)
    }
  }

  /// Sends the saved list as persisted now, or why it could not be read.
  private static func readBack(_ saved: SavedItemsClient, _ send: Send<Action>) async {
    guard !Task.isCancelled else { return }
    do {
      send(.savedListLoaded(try await saved.list().map(SavedArchiveItem.init)))
    } catch {
      send(.savedListFailed(String(describing: error)))
    }
  }
}
