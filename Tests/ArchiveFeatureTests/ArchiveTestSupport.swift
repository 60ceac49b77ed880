import ArchiveFeature
import CoreTesting
import FeatureKitTesting
import Foundation
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
