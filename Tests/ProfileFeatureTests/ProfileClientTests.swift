import CoreTesting
import Foundation
import Networking
import NetworkingTesting
import ProfileFeature
import Testing

@Suite struct ProfileClientTests {
  @Test func liveFetchesEachEndpointWithTheFixtureValues() async throws {
    let fake = try ProfileFixtures.fakeHTTP()
    let client = ProfileClient.live(http: fake.client, baseURL: ProfileFixtures.baseURL)

    let personal = try await client.personal()
    #expect(personal.nickname == "食いしん坊の編集者")
    #expect(personal.createdAt == "2021-06-15T10:00:00.000+0000")
    #expect(
      personal.histories
        == ProfileHistories(
          profileViewCount: 12840, articlePostCount: 57, totalPageViewCount: 384210, totalAvailablePoints: 3200,
          totalUseCouponCount: 14, totalVisitShopCount: 231))
    #expect(personal.socialMedia.instagramUrl == "https://instagram.example/kuishinbo_editor")

    let announcements = try await client.announcements()
    #expect(announcements.count == 5)
    #expect(announcements.first?.title == "サーバーメンテナンスのお知らせ")
    #expect(announcements.last?.id == 5)

    let comments = try await client.comments()
    #expect(comments.count == 5)
    #expect(comments.first?.emotion == "happy")
    #expect(comments.last?.title == "新メニューに期待")

    let favorites = try await client.recentFavorites()
    #expect(favorites.count == 5)
    #expect(favorites.first?.title == "スパイス食堂 ネムのあいがけカレー")
    #expect(favorites.last?.category == "エスニック料理")

    #expect(fake.requests.map(\.url.path) == ProfileFixtures.endpoints.map { "/" + $0 })
  }

  @Test(arguments: ProfileFixtures.endpoints)
  func fetchAllThrowsTheErrorOfAFailingEndpoint(endpoint: String) async throws {
    let fake = try ProfileFixtures.fakeHTTP()
    fake.stub("/" + endpoint, .status(500))
    let client = ProfileClient.live(http: fake.client, baseURL: ProfileFixtures.baseURL)

    await #expect(throws: HTTPError.serverError(status: 500, url: ProfileFixtures.baseURL.appending(path: endpoint))) {
      try await client.fetchAll()
    }
  }

  @Test func fetchAllRunsTheFourConcurrentlyAndKeepsEndpointOrder() async throws {
    let fixture = try ProfileFixtures.response()
    // Every endpoint waits until all four have started: a sequential fetch would never get past the first.
    let gate = ArrivalGate(count: 4)
    let client = ProfileClient(
      personal: {
        await gate.arrive()
        return fixture.personal
      },
      announcements: {
        await gate.arrive()
        return fixture.announcements
      },
      comments: {
        await gate.arrive()
        return fixture.comments
      },
      recentFavorites: {
        await gate.arrive()
        return fixture.recentFavorites
      }
    )

    let response = try await client.fetchAll()

    #expect(response == fixture)
    #expect(response.comments.map(\.id) == [1, 2, 3, 4, 5])
  }

  @Test func personalThatIsNotAnObjectIsADecodingError() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/profile_personal", .json("[]"))
    let client = ProfileClient.live(http: fake.client, baseURL: ProfileFixtures.baseURL)

    do {
      _ = try await client.personal()
      Issue.record("expected a decoding failure")
    } catch let error as HTTPError {
      guard case .decodingFailed = error else {
        Issue.record("expected decodingFailed, got \(error)")
        return
      }
    }
  }
}
