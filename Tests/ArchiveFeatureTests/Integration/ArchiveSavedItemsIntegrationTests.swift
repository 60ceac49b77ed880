import ArchiveFeature
import Core
import FeatureKitTesting
import FixtureServer
import Foundation
import NetworkingCurl
import Persistence
import PersistenceSQLite
import Testing

@Suite("Archive's saved items in a real SQLite file")
struct ArchiveSavedItemsIntegrationTests {
  @Test("the heart saves and unsaves in the file, visible to another connection")
  func saveAndUnsave() async throws {
    let server = try await FixtureServer.start()
    let path = TemporaryDatabase.path()
    let database = try KumikiDatabase.open(path: path)
    let other = try KumikiDatabase.open(path: path)
    let store = archiveStore(server, database)

    store.dispatch(.save(30))
    await store.settled()
    #expect(store.state.savedIDs == [30])
    #expect(try await other.savedItems.list().map(\.id) == [30])

    store.dispatch(.save(6))
    await store.settled()
    #expect(try await other.savedItems.allIDs() == [6, 30])

    store.dispatch(.unsave(30))
    await store.settled()
    #expect(store.state.savedIDs == [6])
    #expect(store.state.lastUnsave?.removed == true, "the SQLite store reports the row it deleted")
    #expect(try await other.savedItems.allIDs() == [6])
    await server.shutdown()
  }

  @Test("while the screen is visible, another connection's writes reach the state")
  func observesOtherConnections() async throws {
    let server = try await FixtureServer.start()
    let path = TemporaryDatabase.path()
    let database = try KumikiDatabase.open(path: path)
    let other = try KumikiDatabase.open(path: path)
    let store = archiveStore(server, database)
    let savedIDs = store.values { $0.savedIDs }

    store.dispatch(.appeared)
    try await other.savedItems.save(
      SavedItem(
        id: 36, category: "カレー", dishName: "dish", shopName: "shop", introduction: "", photoURL: "",
        savedAt: Date(timeIntervalSince1970: 1_714_564_800)))
    for await ids in savedIDs where ids == [36] { break }
    #expect(store.state.savedIDs == [36])

    store.dispatch(.terminated)
    await store.settled()
    await server.shutdown()
  }

  @Test("launch alone lets the store settle: the observation starts only on appearance (CLI commands)")
  func launchSettles() async throws {
    let server = try await FixtureServer.start()
    let database = try KumikiDatabase.open(path: TemporaryDatabase.path())
    try await database.savedItems.save(
      SavedItem(
        id: 1, category: "和食", dishName: "dish", shopName: "shop", introduction: "", photoURL: "",
        savedAt: Date(timeIntervalSince1970: 1_714_564_800)))
    let store = archiveStore(server, database)
    store.dispatch(.launched)
    await store.settled()
    #expect(store.state.savedIDs == [1])
    #expect(store.effectsInFlight == 0)
    await server.shutdown()
  }

  private func archiveStore(
    _ server: FixtureServer, _ database: KumikiDatabase
  ) -> Store<ArchiveFeature.State, ArchiveFeature.Action> {
    let module = ArchiveFeature.module(
      client: .live(http: .curl(), baseURL: server.baseURL), saved: database.savedItems)
    return Store(initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares)
  }
}
