import Core
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import ProfileFeature
import Testing

/// Profile against the real fixture server over libcurl.
@Suite struct ProfileIntegrationTests {
  @Test func loadsFromTheFixtureServerAndShowsAnInjectedFault() async throws {
    let server = try await FixtureServer.start()
    let module = ProfileFeature.module(client: .live(http: .curl(), baseURL: server.baseURL))
    let store = Store(initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares)

    store.dispatch(.appear)
    await store.settled()

    let content = store.state.phase.content
    #expect(content?.personal.nickname == "食いしん坊の編集者")
    #expect(content?.personal.histories.profileViewCount == 12840)
    #expect(content?.announcements.count == 5)
    #expect(content?.comments.last?.label == "excited")
    #expect(content?.recentFavorites.count == 5)

    server.setFaults([.status(500)], for: .endpoint("profile_personal"))
    store.dispatch(.refresh)
    await store.settled()

    let expected = HTTPError.serverError(status: 500, url: server.baseURL.appending(path: "profile_personal"))
    #expect(store.state.phase == .failed(expected.description))

    await server.shutdown()
  }
}
