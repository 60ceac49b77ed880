import Core
import FixtureServer
import Foundation
import HomeFeature
import Networking
import NetworkingCurl
import Testing

/// Home against the real fixture server over libcurl.
@Suite struct HomeIntegrationTests {
  @Test func loadsFromTheFixtureServerAndShowsAnInjectedFault() async throws {
    let server = try await FixtureServer.start()
    let module = HomeFeature.module(client: .live(http: .curl(), baseURL: server.baseURL))
    let store = Store(initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares)

    store.dispatch(.load(.appear))
    await store.settled()

    let content = store.state.load.content
    #expect(content?.campaignBanners.count == 6)
    #expect(content?.campaignBanners.first?.bannerContentsId == 1001)
    #expect(content?.recentNews.count == 12)
    #expect(content?.recentNews.last?.id == 12)
    #expect(content?.featuredTopics.count == 8)
    #expect(content?.trendArticles.count == 4)
    #expect(content?.pickupPhotos.count == 20)

    server.setFaults([.status(500)], for: .endpoint("pickup_photos"))
    store.dispatch(.load(.refresh))
    await store.settled()

    let expected = HTTPError.serverError(status: 500, url: server.baseURL.appending(path: "pickup_photos"))
    #expect(store.state.load.phase == .failed(expected.description))

    server.clearFaults()
    store.dispatch(.load(.retry))
    await store.settled()
    #expect(store.state.load.content?.pickupPhotos.count == 20)

    await server.shutdown()
  }
}
