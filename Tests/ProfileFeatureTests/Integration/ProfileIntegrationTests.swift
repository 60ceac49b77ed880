import Core
import FeatureKit
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

    store.dispatch(.load(.appear))
    await store.settled()

    let content = store.state.load.content
    #expect(content?.personal.nickname == "食いしん坊の編集者")
    #expect(content?.personal.histories.profileViewCount == 12840)
    #expect(content?.announcements.count == 5)
    #expect(content?.comments.last?.emotion == "excited")
    #expect(content?.recentFavorites.count == 5)

    server.setFaults([.status(500)], for: .endpoint("profile_personal"))
    store.dispatch(.load(.refresh))
    await store.settled()

    let expected = HTTPError.serverError(status: 500, url: server.baseURL.appending(path: "profile_personal"))
    #expect(store.state.load.phase == .failed(expected.description))

    await server.shutdown()
  }
  @Test func editsTheNicknameThroughTheLiveClientAndReadsItBack() async throws {
    let server = try await FixtureServer.start()
    let client = ProfileClient.live(http: .curl(), baseURL: server.baseURL)
    let module = ProfileFeature.module(client: client)
    let store = Store(initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares)
    let original = try await client.personal()

    store.dispatch(.load(.appear))
    await store.settled()
    store.dispatch(.editProfile)
    store.dispatch(.edited("nickname", "組木の編集者"))

    // A status fault answers instead of the server: the write never happens, the form keeps the draft.
    server.setFaults([.status(500)], for: .endpoint("profile_personal"))
    store.dispatch(.save(.submit(ProfilePersonalPatch(nickname: "組木の編集者"))))
    await store.settled()
    // The server's reason is said (issue 34, item 16): the fault's body `{"error": "injected fault: status=500"}`.
    let failure = HTTPError.refused(
      status: 500, url: server.baseURL.appending(path: "profile_personal"), reason: "injected fault: status=500")
    #expect(store.state.save.phase.failure == failure.description)
    #expect(store.state.form?.draft["nickname"] == "組木の編集者")
    server.clearFaults()
    #expect(try await client.personal() == original)

    store.dispatch(.save(.retry))
    await store.settled()
    #expect(store.state.form == nil)
    #expect(store.state.load.content?.personal.nickname == "組木の編集者")

    var expected = original
    expected.nickname = "組木の編集者"
    #expect(store.state.save.phase == .sent(expected))
    // Read back with GET: only the nickname changed.
    #expect(try await client.personal() == expected)

    await server.shutdown()
  }
}
