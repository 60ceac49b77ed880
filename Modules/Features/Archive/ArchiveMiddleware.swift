import Core
import Foundation
import Networking
import Persistence

extension ArchiveFeature {
  /// The Archive side effects, built from its clients. The middleware decides nothing: after each action it carries
  /// out the ``ArchiveRequest``s the reducer put in ``State/requests``.
  ///
  /// - Search (`archive.search`): a new search cancels the one in flight, any "load more" (`archive.more`) and any
  ///   wait for typing to pause (`archive.typing`). It runs in a ``Networking/QueryTrace`` with the policy the
  ///   request says (network first for Refresh and Retry, else cache first) and sends the page with the origin its
  ///   read reported; after a stale page it waits for the background refresh and sends the fresh page (read back
  ///   from the cache) or, when the refresh failed, the same page marked offline.
  /// - Typing (`archive.typing`): cancels the search in flight and (re)starts a ``ArchiveFeature/debounce`` wait on
  ///   the store's clock, which sends `.typingPaused`.
  /// - Saved list: one-shot reads (`archive.saved.load`), and an observation (`archive.saved.observe`) from
  ///   `.appeared` until `.terminated`, so another mount's or another process's writes reach the screen.
  /// - Save / unsave / restore (`archive.write.<id>`): writes at once, then reads the saved list back, so the save boxes
  ///   always show what is persisted. Saving an item not on screen (the CLI) fetches it first with `client.item`
  ///   (the API unreachable: from the last search's cached pages); a fixed mount refuses to save or unsave another
  ///   category's item.
  ///   A written save or restore answers `.saveFinished` (the reducer's "Saved “…”" toast).
  /// - Parameter now: stamps newly saved items.
  public static func middlewares(
    client: ArchiveClient,
    saved: SavedItemsClient,
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> [Middleware<State, Action>] {
    let effects = ArchiveEffects(client: client, saved: saved, now: now)
    return [
      .after { context, _ in
        for request in context.state.requests { effects.start(request, context: context) }
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

  func start(_ request: ArchiveRequest, context: Context) {
    switch request {
    case .search(let page, let networkFirst):
      search(context.state.query, page: page, policy: networkFirst ? .networkFirst : .cacheFirst, context)
    case .waitForTypingPause:
      context.cancel(id: ArchiveFeature.searchID)
      context.cancel(id: ArchiveFeature.moreID)
      context.run(id: ArchiveFeature.typingID, debounce: ArchiveFeature.debounce) { send in send(.typingPaused) }
    case .loadMore:
      if let results = context.state.results { loadMore(results, context) }
    case .readSaved:
      loadSaved(context)
    case .observeSaved:
      observeSaved(context)
    case .stopObservingSaved:
      context.cancel(id: ArchiveFeature.observeID)
    case .save(let id):
      save(id, known: context.state.item(id: id), context)
    case .unsave(let id):
      unsave(id, context)
    case .fetchItem(let id):
      fetchItem(id, context)
    case .restore(let entry):
      save(entry.id, known: entry.item, savedAt: entry.savedAt, context)
    }
  }

  /// Searches `query` from `page` reading the cache as `policy` says, and sends the page with its origin; a stale
  /// page is followed by its refreshed version or by itself marked offline (see ``ArchiveFeature/middlewares``).
  private func search(_ query: ArchiveQuery, page: Int, policy: ReadPolicy, _ context: Context) {
    context.cancel(id: ArchiveFeature.typingID)
    context.cancel(id: ArchiveFeature.moreID)
    let client = client
    context.run(id: ArchiveFeature.searchID, cancelInFlight: true) { send in
      let trace = QueryTrace(policy: policy)
      let results: ArchivePage
      do {
        results = try await trace.run { try await client.search(query, page) }
      } catch is CancellationError {
        return
      } catch {
        send(.searchFailed(String(describing: error)))
        return
      }
      send(.searchLoaded(results, origin: trace.origin))
      let failure: String
      switch await trace.refreshes() {
      case .none:
        return
      case .refreshed:
        do {
          try Task.checkCancellation()
          send(.searchLoaded(try await QueryTrace(policy: .cacheOnly).run { try await client.search(query, page) }))
          return
        } catch is CancellationError {
          return
        } catch {
          failure = String(describing: error)
        }
      case .failed(let reason):
        failure = reason
      }
      guard !Task.isCancelled else { return }
      send(.searchLoaded(results, origin: .offline(fetchedAt: trace.origin.fetchedAt ?? .distantPast, reason: failure)))
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
    context.observe(id: ArchiveFeature.observeID) { send in
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
  /// before this write can never arrive after it. `savedAt` is given by an undo, which puts a removed item back in
  /// its old place; a new save is dated now.
  private func save(_ id: Int, known: ArchiveItem?, savedAt: Date? = nil, _ context: Context) {
    context.cancel(id: ArchiveFeature.loadSavedID)
    let (client, saved, now) = (client, saved, now)
    let (query, fixedCategory) = (context.state.query, context.state.fixedCategory)
    context.run(id: ArchiveFeature.writeID(id), cancelInFlight: true) { send in
      do {
        let item: ArchiveItem
        if let known {
          item = known
        } else {
          item = try await Self.item(id, client: client, searched: query)
        }
        // A mount fixed to one category saves only its own: its saved list would never show another's item.
        if let fixedCategory, item.category != fixedCategory, savedAt == nil {
          send(.saveFailed(id: id, message: "archive item \(id) is \(item.category), not \(fixedCategory)"))
          return
        }
        let savedAt = savedAt ?? now()
        try await saved.save(SavedItem(item, savedAt: savedAt))
        send(.saveFinished(SavedArchiveItem(item: item, savedAt: savedAt)))
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

  /// Item `id` from the API or, when the API cannot answer, from the cached pages of the last search (`searched`,
  /// up to ``searchedPages``): what the TUI saves offline is on its screen, so the CLI on the same database saves it
  /// too. Not found there, the API's error is thrown.
  static func item(_ id: Int, client: ArchiveClient, searched: ArchiveQuery) async throws -> ArchiveItem {
    do {
      return try await client.item(id)
    } catch let error as HTTPError {
      if case .notFound = error { throw error }
      for page in 1...searchedPages {
        guard let found = try? await QueryTrace(policy: .cacheOnly).run({ try await client.search(searched, page) })
        else { break }
        if let item = found.items.first(where: { $0.id == id }) { return item }
        guard page * ArchiveClient.pageSize < found.total else { break }
      }
      throw error
    }
  }

  /// How many cached pages of the last search an offline save looks through.
  static let searchedPages = 50

  /// Fetches the item ``Action/open(_:)`` asked for (a newer one replaces it).
  private func fetchItem(_ id: Int, _ context: Context) {
    let client = client
    context.run(id: ArchiveFeature.itemID, cancelInFlight: true) { send in
      do {
        send(.opened(try await client.item(id)))
      } catch is CancellationError {
        return
      } catch HTTPError.notFound {
        send(.openFailed(id: id, message: "no archive item \(id)"))
      } catch {
        send(.openFailed(id: id, message: String(describing: error)))
      }
    }
  }

  /// Unsaves the item, sends whether the store removed it, then reads the saved list back (see
  /// ``save(_:known:_:)``). A mount fixed to one category refuses a saved item of another, as its save does: its saved
  /// list never shows that item, so removing it would undo a save made elsewhere, unseen.
  private func unsave(_ id: Int, _ context: Context) {
    context.cancel(id: ArchiveFeature.loadSavedID)
    let (saved, fixedCategory) = (saved, context.state.fixedCategory)
    context.run(id: ArchiveFeature.writeID(id), cancelInFlight: true) { send in
      do {
        if let fixedCategory, let entry = try await saved.list().first(where: { $0.id == id }),
          entry.category != fixedCategory
        {
          send(.saveFailed(id: id, message: "archive item \(id) is \(entry.category), not \(fixedCategory)"))
        } else {
          send(.unsaveFinished(id: id, removed: try await saved.unsave(id).map(SavedArchiveItem.init)))
        }
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
