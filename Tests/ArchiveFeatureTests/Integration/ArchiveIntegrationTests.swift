import ArchiveFeature
import Core
import FeatureKitTesting
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import Persistence
import PersistenceSQLite
import Testing

@Suite("Archive against the fixture server, libcurl and SQLite")
struct ArchiveIntegrationTests {
  @Test("search, page, save, unsave and a fault, end to end")
  func endToEnd() async throws {
    let server = try await FixtureServer.start(.init(port: 0))
    let database = try KumikiDatabase.open(path: TemporaryDatabase.path())
    let module = ArchiveFeature.module(
      client: .live(http: .curl(), baseURL: server.baseURL), saved: database.savedItems,
      now: { Date(timeIntervalSince1970: 1_714_564_800) })
    let store = Store(initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares)

    store.dispatch(.launched)
    store.dispatch(.search(ArchiveQuery(keyword: "カレー", category: "カレー"), page: 1))
    await store.settled()
    #expect(store.state.results?.items.map(\.id) == [6, 12, 18, 24, 30, 36])
    #expect(store.state.results?.total == 6)
    #expect(store.state.saved == .empty)

    store.dispatch(.clearAll)
    await store.settled()
    #expect(store.state.results?.items.count == 20)
    store.dispatch(.load(.more))
    await store.settled()
    #expect(store.state.results?.items.map(\.id) == Array(1...36))
    #expect(store.state.results?.hasMore == false)

    store.dispatch(.save(12))
    store.dispatch(.save(999))  // not on screen: fetched, and the API has no such item
    await store.settled()
    #expect(store.state.savedIDs == [12])
    #expect(store.state.notice == "no archive item 999")
    #expect(try await database.savedItems.list().map(\.dishName) == ["スパイスチキンカレー"])

    store.dispatch(.unsave(12))
    await store.settled()
    #expect(store.state.saved == .empty)

    server.setFaults([.status(500)], for: .endpoint("achive_images"))
    store.dispatch(.load(.retry))
    await store.settled()
    guard case .failed(let message) = store.state.load.phase else {
      Issue.record("expected an error, got \(store.state.load.phase)")
      await server.shutdown()
      return
    }
    #expect(message.contains("(500)"))
    #expect(message.contains("/achive_images"))
    await server.shutdown()
  }
}
