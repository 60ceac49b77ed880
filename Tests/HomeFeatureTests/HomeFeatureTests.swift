import CoreTesting
import FeatureKit
import Foundation
import HomeFeature
import Networking
import NetworkingTesting
import Testing

@Suite struct HomeFeatureTests {
  private func makeStore(
    http: HTTPClient, initialState: HomeFeature.State = HomeFeature.State()
  ) -> TestStore<HomeFeature.State, HomeFeature.Action> {
    TestStore(
      initialState: initialState,
      reducer: HomeFeature.reducer,
      middlewares: [HomeFeature.loadMiddleware(client: .live(http: http, baseURL: HomeFixtures.baseURL))]
    )
  }

  @Test func appearLoadsTheFiveSectionsFromTheFixture() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let response = try HomeFixtures.response()
    let store = makeStore(http: fake.client)

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.loaded(response)) { $0.phase = .loaded(HomeContent(response)) }
    await store.finish()

    let content = try #require(store.state.phase.content)
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

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.loaded(response)) { $0.phase = .loaded(HomeContent(response)) }
    await store.send(.appear)
    await store.finish()

    #expect(fake.requests.count == 5)
  }

  @Test func appearWhileLoadingStartsNoSecondLoad() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let store = makeStore(http: fake.client, initialState: HomeFeature.State(phase: .loading))

    await store.send(.appear)
    await store.finish()

    #expect(fake.requests.isEmpty)
  }

  @Test(arguments: HomeFixtures.endpoints)
  func anyFailingEndpointShowsTheErrorInsteadOfContent(endpoint: String) async throws {
    let fake = try HomeFixtures.fakeHTTP()
    fake.stub("/" + endpoint, .status(500))
    let store = makeStore(http: fake.client)
    let message = HTTPError.serverError(status: 500, url: HomeFixtures.baseURL.appending(path: endpoint)).description

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.failed(message)) { $0.phase = .failed(message) }
    await store.finish()
  }

  @Test func undecodableDataShowsAMessageNamingTheProblem() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    fake.stub("/recent_news", .json(#"[{"id": 1, "title": "no other fields"}]"#))
    let store = makeStore(http: fake.client)

    await store.send(.appear) { $0.phase = .loading }
    store.exhaustivity = .off
    await store.finish()

    guard case .failed(let message) = store.state.phase else {
      Issue.record("expected the error phase, got \(store.state.phase)")
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

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.failed(message)) { $0.phase = .failed(message) }
    await store.send(.retry) { $0.phase = .loading }
    await store.receive(.loaded(response)) { $0.phase = .loaded(HomeContent(response)) }
    await store.finish()
  }

  @Test func refreshReloadsAndClosesTheDetail() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let response = try HomeFixtures.response()
    let content = HomeContent(response)
    let store = makeStore(
      http: fake.client,
      initialState: HomeFeature.State(phase: .loaded(content), detail: .recentNews(content.recentNews[0]))
    )

    await store.send(.refresh) {
      $0.phase = .loading
      $0.detail = nil
    }
    await store.receive(.loaded(response)) { $0.phase = .loaded(content) }
    await store.finish()
    #expect(fake.requests.count == 5)
  }

  @Test func emptyListsEverywhereShowTheEmptyState() async throws {
    let fake = FakeHTTPClient()
    for endpoint in HomeFixtures.endpoints { fake.stub("/" + endpoint, .json("[]")) }
    let store = makeStore(http: fake.client)

    await store.send(.appear) { $0.phase = .loading }
    await store.receive(.loaded(HomeResponse())) { $0.phase = .empty }
    await store.finish()
  }

  @Test func cancellationIsNotShownAsAnError() async throws {
    let store = TestStore(
      initialState: HomeFeature.State(),
      reducer: HomeFeature.reducer,
      middlewares: [
        HomeFeature.loadMiddleware(
          client: HomeClient(
            campaignBanners: { throw CancellationError() }, recentNews: { [] }, featuredTopics: { [] },
            trendArticles: { [] }, pickupPhotos: { [] }))
      ]
    )

    await store.send(.appear) { $0.phase = .loading }
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
    let store = TestStore(
      initialState: HomeFeature.State(), reducer: HomeFeature.reducer,
      middlewares: [HomeFeature.loadMiddleware(client: client)])

    await store.send(.appear) { $0.phase = .loading }
    var startedIterator = started.makeAsyncIterator()
    await startedIterator.next()
    await store.send(.refresh)
    await store.receive(.loaded(response)) { $0.phase = .loaded(HomeContent(response)) }
    await store.finish()
    #expect(await calls.count == 2)
    neverContinuation.finish()
  }

  @Test func choosingAnItemPutsItsDetailInTheState() async throws {
    let content = HomeContent(try HomeFixtures.response())
    let store = makeStore(http: .unimplemented, initialState: HomeFeature.State(phase: .loaded(content)))

    await store.send(.select(.featuredTopic(3))) { $0.detail = .featuredTopic(content.featuredTopics[2]) }
    await store.send(.select(.pickupPhoto(20))) { $0.detail = .pickupPhoto(content.pickupPhotos[19]) }
    await store.send(.closeDetail) { $0.detail = nil }
    await store.send(.select(.trendArticle(99)))
    await store.finish()
  }

  @Test func choosingIsIgnoredWhileNothingIsLoaded() async {
    let store = makeStore(http: .unimplemented, initialState: HomeFeature.State(phase: .loading))

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
    #expect(module.present?(HomeFeature.State(phase: .loading)) == .spinner("Loading Home…"))
    #expect(module.commands.map(\.path) == [[]])
    #expect(module.receive?(.appear) == .appear)
    #expect(module.receive?(.refreshAll) == .refresh)
    #expect(module.receive?(.launch) == nil)
    #expect(module.receive?(.signal("saved.changed")) == nil)
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
