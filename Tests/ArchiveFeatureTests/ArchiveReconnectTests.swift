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
    let shown = State(load: searched(.loaded(ArchiveResults(Self.first)), origin: Self.offline))
    let store = makeStore(state: shown)

    await store.send(.load(.reconnected)) {  // the offline results stay on screen meanwhile
      $0.load.reconnect.hasRefetched = true
      $0.searching(networkFirst: true, keeping: true)
    }
    await store.receive(.load(.loaded(Self.first, origin: Self.offline))) {
      $0.requests = []
      $0.load.settle()
    }
    await store.send(.load(.reconnected))
    await store.finish()
  }

  @Test("a failed search searches again when the API comes back")
  func failedSearchRefetches() async {
    cache.answer(.networkFirst, with: .init(page: Self.first, origin: .network))
    let store = makeStore(state: State(load: searched(.failed("Could not connect"))))

    await store.send(.load(.reconnected)) {
      $0.load.reconnect.hasRefetched = true
      $0.searching(networkFirst: true)
    }
    await store.receive(.load(.loaded(Self.first, origin: .network))) {
      $0.showing(Self.first)
      $0.requests = []
    }
    await store.finish()
  }

  @Test("fresh results, nothing searched yet, or a search in flight: a reconnection does nothing")
  func othersIgnoreIt() async {
    for state in [
      State(), State(load: searched(.loading)),
      State(load: searched(.loaded(ArchiveResults(Self.first)), origin: .cache(fetchedAt: Self.fetchedAt))),
    ] {
      let store = makeStore(state: state)
      await store.send(.load(.reconnected))
      await store.finish()
    }
  }
}
