import Core
import FavoriteFeature
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import Testing

/// Favorite against the real fixture server over libcurl.
@Suite struct FavoriteIntegrationTests {
  @Test func loadsFromTheFixtureServerAndShowsAnInjectedFault() async throws {
    let server = try await FixtureServer.start()
    let module = FavoriteFeature.module(client: .live(http: .curl(), baseURL: server.baseURL))
    let store = Store(initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares)

    store.dispatch(.load(.appear))
    await store.settled()

    let scenes = store.state.load.content?.scenes
    #expect(scenes?.count == 12)
    #expect(scenes?.first?.author == "佐藤 みのり")
    #expect(scenes?.last?.id == 12)

    server.setFaults([.status(500)], for: .endpoint("favorite_scenes"))
    store.dispatch(.load(.refresh))
    await store.settled()

    let expected = HTTPError.serverError(status: 500, url: server.baseURL.appending(path: "favorite_scenes"))
    #expect(store.state.load.phase == .failed(expected.description))

    server.setFaults([.malformedJSON], for: .endpoint("favorite_scenes"))
    store.dispatch(.load(.retry))
    await store.settled()
    guard case .failed(let message) = store.state.load.phase else {
      Issue.record("expected an error for malformed JSON, got \(store.state.load.phase)")
      await server.shutdown()
      return
    }
    #expect(message.contains("not in the expected format"))

    await server.shutdown()
  }
}
