import ArchiveFeature
import CoreTesting
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import Persistence
import PersistenceTesting
import Testing

typealias ArchiveStore = TestStore<ArchiveFeature.State, ArchiveFeature.Action>

/// A test store over the Archive reducer and middlewares, with the live client over `http` and a pinned clock.
func makeArchiveStore(
  http: HTTPClient,
  persistence: InMemoryPersistence = InMemoryPersistence(),
  state: ArchiveFeature.State = ArchiveFeature.State(),
  clock: any Clock<Duration> = ContinuousClock()
) -> ArchiveStore {
  makeArchiveStore(
    client: .live(http: http, baseURL: ArchiveFixture.baseURL), saved: persistence.savedItems, state: state,
    clock: clock)
}

/// A test store over the Archive reducer and middlewares with the given clients and a pinned clock.
func makeArchiveStore(
  client: ArchiveClient,
  saved: SavedItemsClient,
  state: ArchiveFeature.State = ArchiveFeature.State(),
  clock: any Clock<Duration> = ContinuousClock()
) -> ArchiveStore {
  TestStore(
    module: ArchiveFeature.module(client: client, saved: saved, now: { ArchiveFixture.now }), initialState: state,
    clock: clock)
}

/// A client that answers from the fixture without HTTP.
func fixtureClient(
  search: @escaping @Sendable (ArchiveQuery, Int) async throws -> ArchivePage = { try ArchiveFixture.page($0, $1) }
) -> ArchiveClient {
  ArchiveClient(
    search: search,
    item: { id in
      guard let item = ArchiveFixture.itemsByID[id] else {
        throw HTTPError.notFound(ArchiveFixture.baseURL.appending(path: "achive_images/\(id)"))
      }
      return item
    })
}

/// An HTTP client that waits for `gate` before passing requests to `http`.
func gated(_ http: HTTPClient, by gate: Gate) -> HTTPClient {
  HTTPClient { request in
    await gate.wait()
    return try await http.send(request)
  }
}

/// The query items of each request, as `name=value` strings.
func queries(_ requests: [HTTPRequest]) -> [[String]] {
  requests.map { request in request.queryItems.map { "\($0.name)=\($0.value ?? "")" } }
}

/// The search (the loading kit's `ScreenLoad`, Archive's pause) in `phase`, its results from `origin`.
func searched(_ phase: LoadPhase<ArchiveResults>, origin: DataOrigin = .network) -> ScreenLoad<ArchiveResults> {
  ScreenLoad(phase: phase, origin: origin, pause: ArchiveFeature.debounce)
}

extension ArchiveFeature.State {
  /// The search as the reducer starts one (the last action's decisions settled): the spinner — or, `keeping`, the results on screen (Retry of offline
  /// results, a reconnection) — network first for Refresh and Retry; any wait for typing and page in flight dropped.
  mutating func searching(networkFirst: Bool = false, keeping: Bool = false) {
    load.settle()
    if !keeping { load.phase = .loading }
    load.startsLoad = true
    load.asksNetworkFirst = networkFirst
    load.awaitsPause = false
    load.startsWait = false
    load.loadsMore = false
    load.moreFailure = nil
  }

  /// The search's answer on screen: `page`, from `origin`.
  mutating func showing(_ page: ArchivePage, origin: DataOrigin = .network) {
    showing(ArchiveResults(page), origin: origin)
  }

  /// The search's answer on screen: `results`, from `origin`.
  mutating func showing(_ results: ArchiveResults, origin: DataOrigin = .network) {
    load.settle()
    load.phase = .loaded(results)
    load.origin = origin
    load.reconnect.loaded(from: origin)
  }

  /// An edit that waits for typing to pause (the last action's decisions settled).
  mutating func waitingForPause() {
    load.settle()
    load.awaitsPause = true
    load.startsWait = true
  }
}

/// What the search shows when the conditions match nothing: results for `query` with no items.
func nothing(_ query: ArchiveQuery) -> LoadPhase<ArchiveResults> {
  .loaded(ArchiveResults(ArchivePage(query: query, page: 1, items: [], total: 0)))
}
