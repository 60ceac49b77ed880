import ArchiveFeature
import Core
import CoreTesting
import Foundation
import Networking
import NetworkingTesting
import Persistence
import PersistenceTesting
import Testing

@Suite("Archive saved items")
struct ArchiveSavedTests {
  typealias State = ArchiveFeature.State

  static let curry = ArchiveFixture.page(
    ArchiveQuery(keyword: "カレー"), ids: [6, 11, 12, 14, 15, 18, 19, 24, 30, 36], total: 10)
  static let curryState = State(keyword: "カレー", load: searched(.loaded(ArchiveResults(curry))), saved: .empty)

  @Test("launch reads the saved list, newest first")
  func launchReadsSavedList() async {
    let older = ArchiveFixture.now.addingTimeInterval(-86_400)
    let persistence = InMemoryPersistence(savedItems: [
      ArchiveFixture.savedItem(6, savedAt: older), ArchiveFixture.savedItem(12),
    ])
    let store = makeArchiveStore(http: .unimplemented, persistence: persistence)
    await store.send(.launched) {
      $0.saved = .loading
      $0.requests = [.readSaved]
    }
    let entries = [ArchiveFixture.entry(12), ArchiveFixture.entry(6, savedAt: older)]
    await store.receive(.savedListLoaded(entries)) {
      $0.saved = .loaded(entries)
      $0.requests = []
      $0.load.settle()
    }
    #expect(store.state.savedIDs == [6, 12])
    await store.finish()
  }

  @Test("launch shows why the saved list could not be read")
  func launchFailure() async {
    let persistence = InMemoryPersistence()
    let error = PersistenceError.busy(path: "/tmp/kumiki.sqlite", operation: "list saved items")
    persistence.failure = error
    let store = makeArchiveStore(http: .unimplemented, persistence: persistence)
    await store.send(.launched) {
      $0.saved = .loading
      $0.requests = [.readSaved]
    }
    await store.receive(.savedListFailed(error.description)) {
      $0.saved = .failed(error.description)
      $0.requests = []
      $0.load.settle()
    }
    await store.finish()
  }

  @Test("the heart saves and unsaves at once in the fake store, and the mark follows")
  func saveAndUnsaveFake() async {
    let persistence = InMemoryPersistence()
    let fake = FakeHTTPClient()
    let store = makeArchiveStore(http: fake.client, persistence: persistence, state: Self.curryState)

    await store.send(.save(6)) { $0.requests = [.save(6)] }
    // Written; no toast, since the screen never appeared (ArchiveToastTests has the screen's).
    await store.receive(.saveFinished(ArchiveFixture.entry(6))) {
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([ArchiveFixture.entry(6)])) {
      $0.saved = .loaded([ArchiveFixture.entry(6)])
    }
    #expect(persistence.currentSavedItems == [ArchiveFixture.savedItem(6)])
    #expect(store.state.savedIDs == [6])

    await store.send(.unsave(6)) { $0.requests = [.unsave(6)] }
    await store.receive(.unsaveFinished(id: 6, removed: ArchiveFixture.entry(6))) {
      $0.lastUnsave = ArchiveUnsaveResult(id: 6, dishName: ArchiveFixture.entry(6).item.dishName, removed: true)
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([])) { $0.saved = .empty }
    #expect(persistence.currentSavedItems.isEmpty)
    await store.finish()
    #expect(fake.requests.isEmpty)  // the item was on screen: nothing fetched
  }

  @Test("unsaving an item that is not saved records that nothing was removed; unsave forgets the last result")
  func unsaveNotSaved() async {
    let persistence = InMemoryPersistence()
    let store = makeArchiveStore(
      http: .unimplemented, persistence: persistence,
      state: State(lastUnsave: ArchiveUnsaveResult(id: 6, removed: true)))
    await store.send(.unsave(6)) {
      $0.lastUnsave = nil
      $0.requests = [.unsave(6)]
    }
    await store.receive(.unsaveFinished(id: 6, removed: nil)) {
      $0.lastUnsave = ArchiveUnsaveResult(id: 6, removed: false)
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([])) { $0.saved = .empty }
    await store.finish()
  }

  @Test("saving an item that is not on screen fetches it first (the CLI's save)")
  func saveByIDFetchesItem() async throws {
    let fake = FakeHTTPClient()
    try ArchiveFixture.stubItem(fake, id: 12)
    let persistence = InMemoryPersistence()
    let store = makeArchiveStore(http: fake.client, persistence: persistence)

    await store.send(.save(12)) { $0.requests = [.save(12)] }
    await store.receive(.saveFinished(ArchiveFixture.entry(12))) {
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([ArchiveFixture.entry(12)])) {
      $0.saved = .loaded([ArchiveFixture.entry(12)])
    }
    await store.finish()
    #expect(fake.requests.map(\.url.absoluteString) == ["http://archive.test/achive_images/12"])
    #expect(persistence.currentSavedItems.map(\.dishName) == ["スパイスチキンカレー"])
  }

  @Test("saving an id the API does not know fails with \"no archive item N\" and saves nothing")
  func saveUnknownID() async {
    let persistence = InMemoryPersistence()
    let store = makeArchiveStore(http: FakeHTTPClient().client, persistence: persistence)
    await store.send(.save(99)) { $0.requests = [.save(99)] }
    await store.receive(.saveFailed(id: 99, message: "no archive item 99")) {
      $0.notice = "no archive item 99"
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListLoaded([])) { $0.saved = .empty }
    await store.send(.dismissNotice) { $0.notice = nil }
    await store.finish()
    #expect(persistence.currentSavedItems.isEmpty)
  }

  @Test("a failing store reports the save failure and the unreadable list")
  func saveFailure() async {
    let persistence = InMemoryPersistence()
    let error = PersistenceError.diskFull(path: "/tmp/kumiki.sqlite", operation: "save item 6")
    persistence.failure = error
    let store = makeArchiveStore(http: .unimplemented, persistence: persistence, state: Self.curryState)
    await store.send(.save(6)) { $0.requests = [.save(6)] }
    await store.receive(.saveFailed(id: 6, message: error.description)) {
      $0.notice = error.description
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListFailed(error.description)) { $0.saved = .failed(error.description) }
    await store.send(.unsave(6)) {
      $0.notice = nil
      $0.requests = [.unsave(6)]
    }
    await store.receive(.saveFailed(id: 6, message: error.description)) {
      $0.notice = error.description
      $0.requests = []
      $0.load.settle()
    }
    await store.receive(.savedListFailed(error.description))
    await store.finish()
  }

  @Test("while the screen is visible, changes made elsewhere reach the state (fake store)")
  func observesChangesFake() async throws {
    let persistence = InMemoryPersistence()
    let store = makeArchiveStore(http: .unimplemented, persistence: persistence, state: Self.curryState)
    await store.send(.appeared) {
      $0.requests = [.observeSaved]
      $0.toast.screenAppeared()
    }  // results on screen: no search
    await store.receive(.savedListLoaded([])) {
      $0.requests = []
      $0.load.settle()
    }
    // Another writer (e.g. `kumiki archive save` in another process).
    try await persistence.savedItems.save(ArchiveFixture.savedItem(24))
    await store.receive(.savedListLoaded([ArchiveFixture.entry(24)])) {
      $0.saved = .loaded([ArchiveFixture.entry(24)])
    }
    _ = try await persistence.savedItems.unsave(24)
    await store.receive(.savedListLoaded([])) { $0.saved = .empty }
    await store.send(.terminated) { $0.requests = [.stopObservingSaved] }
    await store.finish()
  }

  @Test("the Saved view lists saved items from persistence, offline; choosing one opens its detail")
  func savedView() async {
    let persistence = InMemoryPersistence(savedItems: [ArchiveFixture.savedItem(5)])
    let store = makeArchiveStore(
      http: .failing(HTTPError.cannotConnect(ArchiveFixture.baseURL, reason: "offline")),
      persistence: persistence)
    await store.send(.showMode(.saved)) {
      $0.mode = .saved
      $0.saved = .loading
      $0.requests = [.readSaved]
    }
    await store.receive(.savedListLoaded([ArchiveFixture.entry(5)])) {
      $0.saved = .loaded([ArchiveFixture.entry(5)])
      $0.requests = []
      $0.load.settle()
    }
    await store.send(.select(5)) { $0.detail = ArchiveFixture.itemsByID[5] }
    await store.send(.closeDetail) { $0.detail = nil }
    await store.send(.showMode(.search)) { $0.mode = .search }
    await store.send(.showMode(.saved)) { $0.mode = .saved }  // already read: not read again
    await store.finish()
  }

  @Test("opening the Saved view while the launch read is in flight starts no second read")
  func savedViewWhileReading() async {
    let store = makeArchiveStore(
      http: .failing(HTTPError.cannotConnect(ArchiveFixture.baseURL, reason: "offline")),
      state: State(saved: .loading))
    await store.send(.showMode(.saved)) { $0.mode = .saved }
    #expect(store.state.requests.isEmpty)
    await store.finish()
  }

  @Test("choosing a result puts its item in the state as the detail; an unknown id changes nothing")
  func selectResult() async {
    let store = makeArchiveStore(http: .unimplemented, state: Self.curryState)
    await store.send(.select(14)) { $0.detail = ArchiveFixture.itemsByID[14] }
    #expect(store.state.detail?.dishName == "カレードリア")
    await store.send(.select(2))
    await store.send(.closeDetail) { $0.detail = nil }
    await store.finish()
  }
}
