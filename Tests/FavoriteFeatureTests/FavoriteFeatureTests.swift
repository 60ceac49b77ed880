import CoreTesting
import FavoriteFeature
import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import NetworkingTesting
import Testing

@Suite struct FavoriteFeatureTests {
  /// The module's reducer and middlewares, as the app runs them, over `client`.
  private func makeStore(
    _ client: FavoriteClient, initialState: FavoriteFeature.State = FavoriteFeature.State()
  ) -> TestStore<FavoriteFeature.State, FavoriteFeature.Action> {
    TestStore(module: FavoriteFeature.module(client: client), initialState: initialState)
  }

  private func makeStore(
    http: HTTPClient, initialState: FavoriteFeature.State = FavoriteFeature.State()
  ) -> TestStore<FavoriteFeature.State, FavoriteFeature.Action> {
    makeStore(.live(http: http, baseURL: FavoriteFixtures.baseURL), initialState: initialState)
  }

  @Test func appearLoadsTheFixtureScenes() async throws {
    let fake = try FavoriteFixtures.fakeHTTP()
    let scenes = try FavoriteFixtures.scenes()
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.loaded(scenes))) { $0.load = ScreenLoad(phase: .loaded(FavoriteContent(scenes))) }
    await store.finish()

    let loaded = try #require(store.state.load.content?.scenes)
    #expect(loaded.count == 12)
    #expect(loaded.first?.title == "雨の日のうどん")
    #expect(loaded.last?.id == 12)
    #expect(loaded.last?.shopName == "札幌スープカリー 北斗")
  }

  @Test func appearAgainDoesNotReload() async throws {
    let fake = try FavoriteFixtures.fakeHTTP()
    let scenes = try FavoriteFixtures.scenes()
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.loaded(scenes))) { $0.load = ScreenLoad(phase: .loaded(FavoriteContent(scenes))) }
    await store.send(.load(.appear))
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

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.failed(message))) { $0.load = ScreenLoad(phase: .failed(message)) }
    await store.send(.load(.retry)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true) }
    await store.receive(.load(.loaded(scenes))) { $0.load = ScreenLoad(phase: .loaded(FavoriteContent(scenes))) }
    await store.finish()
  }

  @Test func transportFailureShowsItsMessage() async throws {
    let url = FavoriteFixtures.baseURL.appending(path: "favorite_scenes")
    let store = makeStore(http: .failing(HTTPError.timedOut(url)))
    let message = HTTPError.timedOut(url).description

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.failed(message))) { $0.load = ScreenLoad(phase: .failed(message)) }
    await store.finish()
  }

  @Test func noScenesIsTheEmptyState() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/favorite_scenes", .json("[]"))
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.loaded([]))) { $0.load = ScreenLoad(phase: .empty) }
    await store.finish()
  }

  @Test func refreshReloadsAndClosesTheDetail() async throws {
    let fake = try FavoriteFixtures.fakeHTTP()
    let scenes = try FavoriteFixtures.scenes()
    let store = makeStore(
      http: fake.client,
      initialState: FavoriteFeature.State(
        load: ScreenLoad(phase: .loaded(FavoriteContent(scenes))), detail: scenes[0]))

    await store.send(.load(.refresh)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true)
      $0.detail = nil
    }
    await store.receive(.load(.loaded(scenes))) { $0.load = ScreenLoad(phase: .loaded(FavoriteContent(scenes))) }
    await store.finish()
  }

  @Test func cancellationIsNotShownAsAnError() async {
    let store = makeStore(FavoriteClient(favoriteScenes: { throw CancellationError() }))

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.finish()
  }

  @Test func choosingASceneOpensItsDetail() async throws {
    let scenes = try FavoriteFixtures.scenes()
    let store = makeStore(
      http: .unimplemented,
      initialState: FavoriteFeature.State(load: ScreenLoad(phase: .loaded(FavoriteContent(scenes)))))

    await store.send(.select(12)) { $0.detail = scenes[11] }
    await store.send(.closeDetail) { $0.detail = nil }
    await store.send(.select(404))
    await store.finish()
  }

  @Test func moduleUsesTheRegistryNamesAndEvents() {
    let module = FavoriteFeature.module(client: .live(http: .unimplemented, baseURL: FavoriteFixtures.baseURL))

    #expect(module.key == "favorites")
    #expect(module.title == "Scenes")
    #expect(module.initialState == FavoriteFeature.State())
    #expect(module.placement == .tab)
    #expect(module.commands.map(\.path) == [[]])
    #expect(module.middlewares.count == 1)
    #expect(module.receive?(.appear) == .load(.appear))
    #expect(module.receive?(.refreshAll) == .load(.refresh))
    #expect(module.receive?(.terminate) == nil)
  }
}
