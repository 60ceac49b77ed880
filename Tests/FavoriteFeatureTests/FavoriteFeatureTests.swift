import CoreTesting
import FavoriteFeature
import FeatureKit
import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite struct FavoriteFeatureTests {
  private func makeStore(
    http: HTTPClient, initialState: FavoriteFeature.State = FavoriteFeature.State()
  ) -> TestStore<FavoriteFeature.State, FavoriteFeature.Action> {
    TestStore(
      initialState: initialState,
      reducer: FavoriteFeature.reducer,
      middlewares: [
        FavoriteFeature.loadMiddleware(client: .live(http: http, baseURL: FavoriteFixtures.baseURL))
      ]
    )
  }

  @Test func appearLoadsTheFixtureScenes() async throws {
    let fake = try FavoriteFixtures.fakeHTTP()
    let scenes = try FavoriteFixtures.scenes()
    let store = makeStore(http: fake.client)

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.loaded(scenes)) { $0.phase = .loaded(scenes.map(FavoriteSceneViewObject.init)) }
    await store.finish()

    let loaded = try #require(store.state.phase.scenes)
    #expect(loaded.count == 12)
    #expect(loaded.first?.title == "雨の日のうどん")
    #expect(loaded.last?.id == 12)
    #expect(loaded.last?.shopName == "札幌スープカリー 北斗")
  }

  @Test func appearAgainDoesNotReload() async throws {
    let fake = try FavoriteFixtures.fakeHTTP()
    let scenes = try FavoriteFixtures.scenes()
    let store = makeStore(http: fake.client)

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.loaded(scenes)) { $0.phase = .loaded(scenes.map(FavoriteSceneViewObject.init)) }
    await store.send(.appear)
    await store.finish()
    #expect(fake.requests.count == 1)
  }

  @Test func failureShowsTheErrorAndRetryLoadsAgain() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/favorite_scenes", .status(503), .json(try FavoriteFixtures.body()))
    let scenes = try FavoriteFixtures.scenes()
    let store = makeStore(http: fake.client)
    let message = HTTPError.serverError(status: 503, url: FavoriteFixtures.baseURL.appending(path: "favorite_scenes"))
      .description

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.failed(message)) { $0.phase = .failed(message) }
    await store.send(.retry) { $0.phase = .loading }
    await store.receive(.loaded(scenes)) { $0.phase = .loaded(scenes.map(FavoriteSceneViewObject.init)) }
    await store.finish()
  }

  @Test func transportFailureShowsItsMessage() async throws {
    let url = FavoriteFixtures.baseURL.appending(path: "favorite_scenes")
    let store = makeStore(http: .failing(HTTPError.timedOut(url)))
    let message = HTTPError.timedOut(url).description

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.failed(message)) { $0.phase = .failed(message) }
    await store.finish()
  }

  @Test func noScenesIsTheEmptyState() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/favorite_scenes", .json("[]"))
    let store = makeStore(http: fake.client)

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.loaded([])) { $0.phase = .empty }
    await store.finish()
  }

  @Test func refreshReloadsAndClosesTheDetail() async throws {
    let fake = try FavoriteFixtures.fakeHTTP()
    let scenes = try FavoriteFixtures.scenes()
    let views = scenes.map(FavoriteSceneViewObject.init)
    let store = makeStore(
      http: fake.client, initialState: FavoriteFeature.State(phase: .loaded(views), detail: views[0]))

    await store.send(.refresh) {
      $0.phase = .loading
      $0.detail = nil
    }
    await store.receive(.loaded(scenes)) { $0.phase = .loaded(views) }
    await store.finish()
  }

  @Test func cancellationIsNotShownAsAnError() async {
    let store = TestStore(
      initialState: FavoriteFeature.State(),
      reducer: FavoriteFeature.reducer,
      middlewares: [
        FavoriteFeature.loadMiddleware(client: FavoriteClient(favoriteScenes: { throw CancellationError() }))
      ]
    )

    await store.send(.appear) { $0.phase = .loading }
    await store.finish()
  }

  @Test func choosingASceneOpensItsDetail() async throws {
    let views = try FavoriteFixtures.scenes().map(FavoriteSceneViewObject.init)
    let store = makeStore(http: .unimplemented, initialState: FavoriteFeature.State(phase: .loaded(views)))

    await store.send(.select(12)) { $0.detail = views[11] }
    await store.send(.closeDetail) { $0.detail = nil }
    await store.send(.select(404))
    await store.finish()
  }

  @Test func moduleUsesTheRegistryNamesAndEvents() {
    let module = FavoriteFeature.module(client: .live(http: .unimplemented, baseURL: FavoriteFixtures.baseURL))

    #expect(module.key == "favorites")
    #expect(module.title == "Favorite")
    #expect(module.initialState == FavoriteFeature.State())
    #expect(module.placement == .tab)
    #expect(module.commands.map(\.path) == [[]])
    #expect(module.receive?(.appear) == .appear)
    #expect(module.receive?(.refreshAll) == .refresh)
    #expect(module.receive?(.terminate) == nil)
  }
}
