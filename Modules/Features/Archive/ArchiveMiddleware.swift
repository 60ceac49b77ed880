import Core
import Foundation
import LoadingScreenKit
import Networking
import Persistence

extension ArchiveFeature {
  /// The Archive side effects, built from its clients. The middlewares decide nothing: after each action they carry
  /// out what the reducer decided, in ``State/load`` and ``State/requests``.
  ///
  /// - The search is the loading kit's (``LoadingScreenKit/ScreenLoad``, its middleware
  ///   `screenLoad(id:state:action:load:more:)` as ``ArchiveFeature/searchID``): a search reads the conditions and
  ///   ``State/firstPage`` as it starts and replaces the one in flight, any "load more" (`archive.search.more`) and
  ///   any wait for typing to pause (`archive.search.pause`). It runs in a ``Networking/QueryTrace`` with the policy
  ///   the reducer decided (network first for Refresh and Retry, else cache first) and sends the page with the
  ///   origin its read reported; after a stale page it waits for the background refresh and sends the fresh page
  ///   (read back from the cache) or, when the refresh failed, the same page marked offline. An edit cancels the
  ///   search in flight and (re)starts a ``ArchiveFeature/debounce`` wait on the store's clock, which sends
  ///   `.load(.paused)`. "Load more" asks for the page after the results' last.
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
      .screenLoad(
        id: searchID, state: \.load, action: Action.load,
        load: { state in try await client.search(state.query, state.firstPage) },
        more: { results in try await client.search(results.query, results.lastPage + 1) }),
      .after { context, _ in
        for request in context.state.requests { effects.start(request, context: context) }
      },
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
