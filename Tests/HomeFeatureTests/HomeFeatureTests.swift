import CoreTesting
import FeatureKit
import FeatureKitTesting
import Foundation
import HomeFeature
import LoadingScreenKit
import Networking
import NetworkingTesting
import Testing

@Suite struct HomeFeatureTests {
  /// The module's reducer and middlewares, as the app runs them, over `client`; the state does not poll unless
  /// given (polling: `HomePollingTests`).
  private func makeStore(
    _ client: HomeClient, initialState: HomeFeature.State = HomeFeature.State(load: ScreenLoad())
  ) -> TestStore<HomeFeature.State, HomeFeature.Action> {
    TestStore(module: HomeFeature.module(client: client), initialState: initialState)
  }

  private func makeStore(
    http: HTTPClient, initialState: HomeFeature.State = HomeFeature.State(load: ScreenLoad())
  ) -> TestStore<HomeFeature.State, HomeFeature.Action> {
    makeStore(.live(http: http, baseURL: HomeFixtures.baseURL), initialState: initialState)
  }

  @Test func appearLoadsTheFiveSectionsFromTheFixture() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let response = try HomeFixtures.response()
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(response)) }
    await store.finish()

    let content = try #require(store.state.load.content)
    #expect(content.campaignBanners.count == 6)
    #expect(content.campaignBanners.first?.bannerContentsId == 1001)
    #expect(content.recentNews.count == 12)
    #expect(content.recentNews.last?.id == 12)
    #expect(content.featuredTopics.count == 8)
    #expect(content.trendArticles.count == 4)
    #expect(content.pickupPhotos.count == 20)
    #expect(Set(fake.requests.map(\.url.path)) == Set(HomeFixtures.endpoints.map { "/" + $0 }))
  }

  @Test func appearAgainDoesNotReload() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let response = try HomeFixtures.response()
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(response)) }
    await store.send(.load(.appear))
    await store.finish()

    #expect(fake.requests.count == 5)
  }

  @Test func appearWhileLoadingStartsNoSecondLoad() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let store = makeStore(http: fake.client, initialState: HomeFeature.State(load: ScreenLoad(phase: .loading)))

    await store.send(.load(.appear))
    await store.finish()

    #expect(fake.requests.isEmpty)
  }

  @Test(arguments: HomeFixtures.endpoints)
  func anyFailingEndpointShowsTheErrorInsteadOfContent(endpoint: String) async throws {
    let fake = try HomeFixtures.fakeHTTP()
    fake.stub("/" + endpoint, .status(500))
    let store = makeStore(http: fake.client)
    let message = HTTPError.serverError(status: 500, url: HomeFixtures.baseURL.appending(path: endpoint)).description

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.failed(message))) { $0.load = ScreenLoad(phase: .failed(message)) }
    await store.finish()
  }

  @Test func undecodableDataShowsAMessageNamingTheProblem() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    fake.stub("/recent_news", .json(#"[{"id": 1, "title": "no other fields"}]"#))
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    store.exhaustivity = .off
    await store.finish()

    guard case .failed(let message) = store.state.load.phase else {
      Issue.record("expected the error phase, got \(store.state.load.phase)")
      return
    }
    #expect(message.contains("/recent_news"))
    #expect(message.contains("not in the expected format"))
  }

  @Test func retryAfterAnErrorLoadsAgain() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    fake.stub("/trend_articles", .status(503), .json(try HomeFixtures.body("trend_articles")))
    let response = try HomeFixtures.response()
    let store = makeStore(http: fake.client)
    let message = HTTPError.serverError(status: 503, url: HomeFixtures.baseURL.appending(path: "trend_articles"))
      .description

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.failed(message))) { $0.load = ScreenLoad(phase: .failed(message)) }
    await store.send(.load(.retry)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true) }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(response)) }
    await store.finish()
  }

  @Test func refreshReloadsAndClosesTheDetail() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let response = try HomeFixtures.response()
    let content = response
    let store = makeStore(
      http: fake.client,
      initialState: HomeFeature.State(
        load: ScreenLoad(phase: .loaded(content)), detail: .recentNews(content.recentNews[0]))
    )

    await store.send(.load(.refresh)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true)
      $0.detail = nil
    }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(content)) }
    await store.finish()
    #expect(fake.requests.count == 5)
  }

  @Test func emptyListsEverywhereShowTheEmptyState() async throws {
    let fake = FakeHTTPClient()
    for endpoint in HomeFixtures.endpoints { fake.stub("/" + endpoint, .json("[]")) }
    let store = makeStore(http: fake.client)

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.loaded(HomeContent()))) { $0.load = ScreenLoad(phase: .empty) }
    await store.finish()
  }

  @Test func cancellationIsNotShownAsAnError() async throws {
    let store = makeStore(
      HomeClient(
        campaignBanners: { throw CancellationError() }, recentNews: { [] }, featuredTopics: { [] },
        trendArticles: { [] }, pickupPhotos: { [] }))

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.finish()
  }

  @Test func aNewLoadReplacesTheOneInFlight() async throws {
    let response = try HomeFixtures.response()
    let calls = CallCounter()
    let (never, neverContinuation) = AsyncStream<Void>.makeStream()
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let client = HomeClient(
      campaignBanners: {
        // The first load says it started, then waits until it is cancelled; the second answers at once.
        if await calls.next() == 1 {
          startedContinuation.yield()
          for await _ in never {}
          try Task.checkCancellation()
        }
        return response.campaignBanners
      },
      recentNews: { response.recentNews },
      featuredTopics: { response.featuredTopics },
      trendArticles: { response.trendArticles },
      pickupPhotos: { response.pickupPhotos }
    )
    let store = makeStore(client)

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    var startedIterator = started.makeAsyncIterator()
    await startedIterator.next()
    // Still loading, and this action starts a load too, one that asks the network first.
    await store.send(.load(.refresh)) { $0.load.asksNetworkFirst = true }
    await store.receive(.load(.loaded(response))) { $0.load = ScreenLoad(phase: .loaded(response)) }
    await store.finish()
    #expect(await calls.count == 2)
    neverContinuation.finish()
  }

  @Test func choosingAnItemPutsItsDetailInTheState() async throws {
    let content = try HomeFixtures.response()
    let store = makeStore(
      http: .unimplemented, initialState: HomeFeature.State(load: ScreenLoad(phase: .loaded(content))))

    await store.send(.select(.featuredTopic(3))) { $0.detail = .featuredTopic(content.featuredTopics[2]) }
    await store.send(.select(.pickupPhoto(20))) { $0.detail = .pickupPhoto(content.pickupPhotos[19]) }
    await store.send(.closeDetail) { $0.detail = nil }
    await store.send(.select(.trendArticle(99)))
    await store.finish()
  }

  @Test func choosingIsIgnoredWhileNothingIsLoaded() async {
    let store = makeStore(http: .unimplemented, initialState: HomeFeature.State(load: ScreenLoad(phase: .loading)))

    await store.send(.select(.campaignBanner(1)))
    await store.finish()
  }

  @Test func moduleUsesTheRegistryNamesAndEvents() {
    let module = HomeFeature.module(client: .live(http: .unimplemented, baseURL: HomeFixtures.baseURL))

    #expect(module.key == "home")
    #expect(module.title == "Home")
    #expect(module.initialState == HomeFeature.State())
    #expect(module.placement == .tab)
    #expect(module.middlewares.count == 1)
    #expect(module.present?(HomeFeature.State(load: ScreenLoad(phase: .loading))) == .spinner("Loading Home..."))
    #expect(module.commands.map(\.path) == [[]])
    // Home polls: it follows whether its tab is shown.
    #expect(module.initialState.load.polling == LoadPolling(every: .seconds(300)))
    #expect(module.receive?(.appear) == .load(.shown))
    #expect(module.receive?(.disappear) == .load(.hidden))
    #expect(module.receive?(.refreshAll) == .load(.refresh))
    #expect(module.receive?(.reconnected) == .load(.reconnected))
    #expect(module.receive?(.launch) == nil)
  }
}

/// Counts calls across concurrent tasks.
private actor CallCounter {
  private(set) var count = 0

  func next() -> Int {
    count += 1
    return count
  }
}
