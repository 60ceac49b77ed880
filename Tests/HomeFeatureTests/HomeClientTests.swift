import CoreTesting
import Foundation
import HomeFeature
import Networking
import NetworkingTesting
import Testing

@Suite struct HomeClientTests {
  @Test func liveFetchesEachEndpointWithTheFixtureValues() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let client = HomeClient.live(http: fake.client, baseURL: HomeFixtures.baseURL)

    let banners = try await client.campaignBanners()
    #expect(banners.count == 6)
    #expect(banners.first?.bannerContentsId == 1001)
    #expect(banners.first?.title == "春の食材フェア開催中🌸")
    #expect(banners.last?.bannerContentsId == 1006)

    let news = try await client.recentNews()
    #expect(news.count == 12)
    #expect(news.first?.newsCategory == "お店情報")
    #expect(news.map(\.id) == Array(1...12))  // the feature's tests rely on ids 1...12 in order
    #expect(news.last?.title == "GW期間中の営業日についてのご案内")

    let topics = try await client.featuredTopics()
    #expect(topics.count == 8)
    #expect(topics.first?.featuredTopicsId == 2001)
    #expect(topics.first?.rating == 4.5)
    #expect(topics.last?.rating == 4.3)

    let articles = try await client.trendArticles()
    #expect(articles.count == 4)
    #expect(articles.first?.title == "今、ランチで選ばれているのは「定食」")
    #expect(articles.last?.id == 4)

    let photos = try await client.pickupPhotos()
    #expect(photos.count == 20)
    #expect(photos.first?.photoWidth == 800)
    #expect(photos.first?.photoHeight == 1200)
    #expect(photos.last?.title == "お弁当")

    #expect(fake.requests.map(\.url.path) == HomeFixtures.endpoints.map { "/" + $0 })
  }

  @Test(arguments: HomeFixtures.endpoints)
  func liveThrowsTheHTTPErrorOfAFailingEndpoint(endpoint: String) async throws {
    let fake = try HomeFixtures.fakeHTTP()
    fake.stub("/" + endpoint, .status(500))
    let client = HomeClient.live(http: fake.client, baseURL: HomeFixtures.baseURL)
    let expected = HTTPError.serverError(status: 500, url: HomeFixtures.baseURL.appending(path: endpoint))

    await #expect(throws: expected) { try await client.fetchAll() }
  }

  @Test func liveReportsUndecodableBodiesWithTheKeyPath() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    fake.stub("/featured_topics", .json(#"[{"id": 1, "featured_topics_id": 2001, "rating": "high"}]"#))
    let client = HomeClient.live(http: fake.client, baseURL: HomeFixtures.baseURL)

    do {
      _ = try await client.featuredTopics()
      Issue.record("expected a decoding failure")
    } catch let error as HTTPError {
      guard case .decodingFailed(let url, let keyPath, _, _) = error else {
        Issue.record("expected decodingFailed, got \(error)")
        return
      }
      #expect(url.path == "/featured_topics")
      #expect(keyPath == "[0].rating")
    }
  }

  @Test func fetchAllRunsTheFiveConcurrentlyAndKeepsEndpointOrder() async throws {
    let fixture = try HomeFixtures.response()
    // Every endpoint waits until all five have started: a sequential fetch would never get past the first.
    let gate = ArrivalGate(count: 5)
    let client = HomeClient(
      campaignBanners: {
        await gate.arrive()
        return fixture.campaignBanners
      },
      recentNews: {
        await gate.arrive()
        return fixture.recentNews
      },
      featuredTopics: {
        await gate.arrive()
        return fixture.featuredTopics
      },
      trendArticles: {
        await gate.arrive()
        return fixture.trendArticles
      },
      pickupPhotos: {
        await gate.arrive()
        return fixture.pickupPhotos
      }
    )

    let response = try await client.fetchAll()

    #expect(response == fixture)
    #expect(response.campaignBanners.map(\.id) == [1, 2, 3, 4, 5, 6])
    #expect(response.pickupPhotos.map(\.id) == Array(1...20))
  }

  @Test func fetchAllFailsWhenAnyEndpointFailsEvenIfTheOthersSucceed() async throws {
    let fixture = try HomeFixtures.response()
    let error = HTTPError.timedOut(HomeFixtures.baseURL.appending(path: "trend_articles"))
    let client = HomeClient(
      campaignBanners: { fixture.campaignBanners },
      recentNews: { fixture.recentNews },
      featuredTopics: { fixture.featuredTopics },
      trendArticles: { throw error },
      pickupPhotos: { fixture.pickupPhotos }
    )

    await #expect(throws: error) { try await client.fetchAll() }
  }
}
