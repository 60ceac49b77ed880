import CoreTesting
import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import NetworkingTesting
import ProfileFeature
import Testing

@Suite struct ProfileFeatureTests {
  /// The module's reducer and middlewares (load and save), as the app runs them, over `client`.
  private func makeStore(
    _ client: ProfileClient, initialState: ProfileFeature.State = ProfileFeature.State()
  ) -> TestStore<ProfileFeature.State, ProfileFeature.Action> {
    TestStore(module: ProfileFeature.module(client: client), initialState: initialState)
  }

  private func makeStore(
    http: HTTPClient, initialState: ProfileFeature.State = ProfileFeature.State()
  ) -> TestStore<ProfileFeature.State, ProfileFeature.Action> {
    makeStore(.live(http: http, baseURL: ProfileFixtures.baseURL), initialState: initialState)
  }

  @Test func appearLoadsTheFourPartsFromTheFixture() async throws {
    let fake = try ProfileFixtures.fakeHTTP()
    let response = try ProfileFixtures.response()
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true)
      $0.toast.screenAppeared()
    }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(response)) }
    await store.finish()

    let content = try #require(store.state.load.content)
    #expect(content.personal.nickname == "食いしん坊の編集者")
    #expect(content.personal.histories.totalVisitShopCount == 231)
    #expect(content.announcements.count == 5)
    #expect(content.comments.last?.id == 5)
    #expect(content.recentFavorites.first?.category == "カレー")
    #expect(Set(fake.requests.map(\.url.path)) == Set(ProfileFixtures.endpoints.map { "/" + $0 }))
  }

  @Test func appearAgainDoesNotReload() async throws {
    let fake = try ProfileFixtures.fakeHTTP()
    let response = try ProfileFixtures.response()
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true)
      $0.toast.screenAppeared()
    }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(response)) }
    await store.send(.load(.appear))
    await store.finish()
    #expect(fake.requests.count == 4)
  }

  @Test(arguments: ProfileFixtures.endpoints)
  func anyFailingEndpointShowsTheError(endpoint: String) async throws {
    let fake = try ProfileFixtures.fakeHTTP()
    fake.stub("/" + endpoint, .status(500))
    let store = makeStore(http: fake.client)
    let message = HTTPError.serverError(status: 500, url: ProfileFixtures.baseURL.appending(path: endpoint))
      .description

    await store.send(.load(.appear)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true)
      $0.toast.screenAppeared()
    }
    await store.receive(.load(.failed(message))) { $0.load = ScreenLoad(phase: .failed(message)) }
    await store.finish()
  }

  @Test func retryAfterAnErrorLoadsAgain() async throws {
    let fake = try ProfileFixtures.fakeHTTP()
    fake.stub("/profile_comment", .status(404), .json(try ProfileFixtures.body("profile_comment")))
    let response = try ProfileFixtures.response()
    let store = makeStore(http: fake.client)
    let message = HTTPError.notFound(ProfileFixtures.baseURL.appending(path: "profile_comment")).description

    await store.send(.load(.appear)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true)
      $0.toast.screenAppeared()
    }
    await store.receive(.load(.failed(message))) { $0.load = ScreenLoad(phase: .failed(message)) }
    await store.send(.load(.retry)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true) }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(response)) }
    await store.finish()
  }

  @Test func refreshKeepsTheTabAndClosesTheDetail() async throws {
    let fake = try ProfileFixtures.fakeHTTP()
    let response = try ProfileFixtures.response()
    let content = response
    let store = makeStore(
      http: fake.client,
      initialState: ProfileFeature.State(
        load: ScreenLoad(phase: .loaded(content)), selectedTab: .comments,
        detail: .comment(content.comments[0])))

    await store.send(.load(.refresh)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true)
      $0.detail = nil
    }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(content)) }
    await store.finish()
  }

  @Test func emptyInformationListsStillLoad() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/profile_personal", .json(try ProfileFixtures.body("profile_personal")))
    for endpoint in ProfileFixtures.endpoints.dropFirst() { fake.stub("/" + endpoint, .json("[]")) }
    let personal = try ProfileFixtures.response().personal
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true)
      $0.toast.screenAppeared()
    }
    await store.receive(.load(.loaded(ProfileContent(personal: personal)))) {
      $0.load = ScreenLoad(phase: .loaded(ProfileContent(personal: personal)))
    }
    await store.finish()
  }

  @Test func cancellationIsNotShownAsAnError() async throws {
    let response = try ProfileFixtures.response()
    let store = makeStore(
      ProfileClient(
        personal: { response.personal }, announcements: { throw CancellationError() }, comments: { [] },
        recentFavorites: { [] }))

    await store.send(.load(.appear)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true)
      $0.toast.screenAppeared()
    }
    await store.finish()
  }

  @Test func tabsSwitchAndItemsOpenTheirDetail() async throws {
    let content = try ProfileFixtures.response()
    let store = makeStore(
      http: .unimplemented, initialState: ProfileFeature.State(load: ScreenLoad(phase: .loaded(content))))

    await store.send(.selectTab(.recent)) { $0.selectedTab = .recent }
    await store.send(.select(.recent, id: 5)) {
      $0.detail = .recentFavorite(content.recentFavorites[4])
    }
    await store.send(.closeDetail) { $0.detail = nil }
    await store.send(.select(.comments, id: 2)) {
      $0.detail = .comment(content.comments[1])
    }
    await store.send(.select(.announcements, id: 42))
    await store.finish()
  }

  @Test func moduleUsesTheRegistryNamesAndEvents() {
    let module = ProfileFeature.module(client: .live(http: .unimplemented, baseURL: ProfileFixtures.baseURL))

    #expect(module.key == "profile")
    #expect(module.title == "Profile")
    #expect(module.initialState == ProfileFeature.State())
    #expect(module.initialState.selectedTab == .announcements)
    #expect(module.placement == .tab)
    #expect(module.commands.map(\.path) == [[], ["edit"]])
    #expect(module.middlewares.count == 4)  // load, save, the read after a queued save, the toast timer
    #expect(module.receive?(.appear) == .load(.appear))
    #expect(module.receive?(.refreshAll) == .load(.refresh))
    #expect(module.receive?(.launch) == nil)
  }
}
