import ArchiveFeature
import Foundation
import Networking
import PersistenceTesting
import Testing

/// `kumiki archive save ID` as the store carries it out with the item not on screen (the CLI): fetched by id, or —
/// the API unreachable — found in the cached pages of the last search, as the TUI saves it offline from its screen;
/// and a mount fixed to one category (`curry`) saves only items of that category, the ones its saved list shows.
@Suite("Archive save by id")
struct ArchiveSaveByIDTests {
  typealias State = ArchiveFeature.State

  static let curry = ArchiveQuery(keyword: "カレー")
  static let unreachable = HTTPError.cannotConnect(ArchiveFixture.baseURL, reason: "connection refused")

  /// A client whose API cannot be reached: `item` fails, and `search` answers only from the "cache" (a cache-only
  /// read), with `cached`'s pages.
  static func offline(cached: ArchiveQuery?) -> ArchiveClient {
    ArchiveClient(
      search: { query, page in
        guard QueryTrace.current?.policy == .cacheOnly, query == cached else { throw unreachable }
        return try ArchiveFixture.page(query, page)
      },
      item: { _ in throw unreachable })
  }

  @Test("offline, an item of the last search's cached pages is saved, as the TUI saves it from its screen")
  func offlineSaveFromTheCachedSearch() async {
    let persistence = InMemoryPersistence()
    let store = makeArchiveStore(
      client: Self.offline(cached: Self.curry), saved: persistence.savedItems, state: State(keyword: "カレー"))

    await store.send(.save(6)) { $0.requests = [.save(6)] }
    await store.receive(.saveFinished(ArchiveFixture.entry(6))) {
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([ArchiveFixture.entry(6)])) { $0.saved = .loaded([ArchiveFixture.entry(6)]) }
    #expect(persistence.currentSavedItems == [ArchiveFixture.savedItem(6)])
    await store.finish()
  }

  @Test("offline, an item the cache does not hold fails with the API's error and saves nothing")
  func offlineSaveOfAnUnknownItem() async {
    let persistence = InMemoryPersistence()
    let store = makeArchiveStore(
      client: Self.offline(cached: nil), saved: persistence.savedItems, state: State(keyword: "カレー"))

    await store.send(.save(6)) { $0.requests = [.save(6)] }
    await store.receive(.saveFailed(id: 6, message: Self.unreachable.description)) {
      $0.notice = Self.unreachable.description
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([])) { $0.saved = .empty }
    #expect(persistence.currentSavedItems.isEmpty)
    await store.finish()
  }

  @Test("a mount fixed to カレー refuses to save a 和食 item (its saved list would never show it)")
  func aFixedMountSavesOnlyItsCategory() async {
    let persistence = InMemoryPersistence()
    var state = State()
    state.fix(category: "カレー")
    let store = makeArchiveStore(client: fixtureClient(), saved: persistence.savedItems, state: state)

    await store.send(.save(1)) { $0.requests = [.save(1)] }
    await store.receive(.saveFailed(id: 1, message: "archive item 1 is 和食, not カレー")) {
      $0.notice = "archive item 1 is 和食, not カレー"
      $0.requests = []
      $0.load.settle()
    }
    #expect(persistence.currentSavedItems.isEmpty)

    await store.send(.save(6)) {
      $0.notice = nil
      $0.requests = [.save(6)]
    }
    await store.receive(.saveFinished(ArchiveFixture.entry(6))) {
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([ArchiveFixture.entry(6)])) { $0.saved = .loaded([ArchiveFixture.entry(6)]) }
    await store.finish()
  }

  /// `curry unsave 1` removed a 和食 item: a mount fixed to カレー refuses to unsave another category's saved item, as
  /// it refuses to save one (the TUI and the CLI send the same `.unsave`), and the item stays saved.
  @Test("a mount fixed to カレー refuses to unsave a 和食 item, which stays saved")
  func aFixedMountUnsavesOnlyItsCategory() async {
    let earlier = ArchiveFixture.now.addingTimeInterval(-60)
    let persistence = InMemoryPersistence(
      savedItems: [ArchiveFixture.savedItem(1), ArchiveFixture.savedItem(6, savedAt: earlier)])
    var state = State()
    state.fix(category: "カレー")
    let store = makeArchiveStore(client: fixtureClient(), saved: persistence.savedItems, state: state)
    let curry = ArchiveFixture.entry(6, savedAt: earlier)
    let both = [ArchiveFixture.entry(1), curry]

    await store.send(.unsave(1)) { $0.requests = [.unsave(1)] }
    await store.receive(.saveFailed(id: 1, message: "archive item 1 is 和食, not カレー")) {
      $0.notice = "archive item 1 is 和食, not カレー"
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded(both)) { $0.saved = .loaded(both) }
    #expect(Set(persistence.currentSavedItems.map(\.id)) == [1, 6])

    await store.send(.unsave(6)) {
      $0.notice = nil
      $0.requests = [.unsave(6)]
    }
    await store.receive(.unsaveFinished(id: 6, removed: curry)) {
      $0.lastUnsave = ArchiveUnsaveResult(id: 6, dishName: curry.item.dishName, removed: true)
      $0.toast.show("Removed \"\(curry.item.dishName)\"", undo: .restore(curry))
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([ArchiveFixture.entry(1)])) { $0.saved = .loaded([ArchiveFixture.entry(1)]) }
    #expect(persistence.currentSavedItems.map(\.id) == [1])
    await store.finish()
  }
}
