import ArchiveFeature
import CoreTesting
import FeatureKit
import Foundation
import Networking
import PersistenceTesting
import Testing

/// After the API comes back (`AppEvent.reconnected` → `.reconnected`), results shown offline, or a failed search,
/// search again once, network first; a search that lands offline again is not repeated.
@Suite("Archive reconnect")
struct ArchiveReconnectTests {
  typealias State = ArchiveFeature.State

  let cache = CachedArchive()
  static let fetchedAt = Date(timeIntervalSince1970: 1_795_000_000)
  static let offline = DataOrigin.offline(fetchedAt: fetchedAt, reason: "cannot connect")
  static let first = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)

  func makeStore(state: State) -> ArchiveStore {
    makeArchiveStore(client: cache.client, saved: InMemoryPersistence().savedItems, state: state)
  }

  @Test("offline results search again once; offline again, a second reconnection does nothing")
  func offlineResultsRefetchOnce() async {
    cache.answer(.networkFirst, with: .init(page: Self.first, origin: Self.offline))
    let shown = State(search: .loaded(ArchiveResults(Self.first)), searchOrigin: Self.offline)
    let store = makeStore(state: shown)

    await store.send(.reconnected) {  // the offline results stay on screen meanwhile
      $0.reconnect.hasRefetched = true
      $0.requests = [.search(page: 1, networkFirst: true)]
    }
    await store.receive(.searchLoaded(Self.first, origin: Self.offline)) { $0.requests = [] }
    await store.send(.reconnected)
    await store.finish()
  }

  @Test("a failed search searches again when the API comes back")
  func failedSearchRefetches() async {
    cache.answer(.networkFirst, with: .init(page: Self.first, origin: .network))
    let store = makeStore(state: State(search: .failed("Could not connect")))

    await store.send(.reconnected) {
      $0.search = .loading
      $0.reconnect.hasRefetched = true
      $0.requests = [.search(page: 1, networkFirst: true)]
    }
    await store.receive(.searchLoaded(Self.first, origin: .network)) {
      $0.search = .loaded(ArchiveResults(Self.first))
      $0.reconnect.hasRefetched = false
      $0.requests = []
    }
    await store.finish()
  }

  @Test("fresh results, nothing searched yet, or a search in flight: a reconnection does nothing")
  func othersIgnoreIt() async {
    for state in [
      State(), State(search: .loading),
      State(search: .loaded(ArchiveResults(Self.first)), searchOrigin: .cache(fetchedAt: Self.fetchedAt)),
    ] {
      let store = makeStore(state: state)
      await store.send(.reconnected)
      await store.finish()
    }
  }
}
