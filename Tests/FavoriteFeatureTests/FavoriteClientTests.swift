import FavoriteFeature
import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite struct FavoriteClientTests {
  @Test func liveFetchesTheFixtureScenes() async throws {
    let fake = try FavoriteFixtures.fakeHTTP()
    let client = FavoriteClient.live(http: fake.client, baseURL: FavoriteFixtures.baseURL)

    let scenes = try await client.favoriteScenes()

    #expect(scenes.count == 12)
    #expect(
      scenes.first
        == FavoriteScene(
          id: 1, photoUrl: "https://images.kumiki.example/scenes/scene_01.jpg", author: "佐藤 みのり",
          title: "雨の日のうどん", category: "和食", shopName: "うどん処 ひより", comment: "あたたかいお出汁に救われました。",
          publishedAt: "2023-02-02T19:20:00.000+0000"))
    #expect(scenes.last?.id == 12)
    #expect(scenes.last?.title == "スープカレー")
    #expect(fake.requests.map(\.url.path) == ["/favorite_scenes"])
  }

  @Test func liveThrowsTheHTTPErrorOfAFailure() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/favorite_scenes", .status(500))
    let client = FavoriteClient.live(http: fake.client, baseURL: FavoriteFixtures.baseURL)

    await #expect(
      throws: HTTPError.serverError(status: 500, url: FavoriteFixtures.baseURL.appending(path: "favorite_scenes"))
    ) {
      try await client.favoriteScenes()
    }
  }

  @Test func liveReportsUndecodableBodiesWithTheKeyPath() async throws {
    let fake = FakeHTTPClient()
    fake.stub("/favorite_scenes", .json(#"[{"id": 1, "photo_url": "x", "author": 3}]"#))
    let client = FavoriteClient.live(http: fake.client, baseURL: FavoriteFixtures.baseURL)

    do {
      _ = try await client.favoriteScenes()
      Issue.record("expected a decoding failure")
    } catch let error as HTTPError {
      guard case .decodingFailed(_, let keyPath, _, _) = error else {
        Issue.record("expected decodingFailed, got \(error)")
        return
      }
      #expect(keyPath == "[0].author")
    }
  }
}
