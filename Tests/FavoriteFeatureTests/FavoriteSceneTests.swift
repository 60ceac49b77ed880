import FavoriteFeature
import FeatureKitTesting
import Foundation
import Testing

@Suite struct FavoriteSceneTests {
  @Test func theStateHoldsEachSceneFieldForField() throws {
    // One type per API item: a field added to fixtures.json is reported here until it is added to FavoriteScene.
    #expect(try FixtureAPI.roundTripDifferences([FavoriteScene].self, resource: "favorite_scenes") == [])
  }

  @Test func decodesTheFixtureScenesWithWhatTheCardsCompute() throws {
    let scenes = try FavoriteFixtures.scenes()

    #expect(scenes.count == 12)
    #expect(
      scenes.last
        == FavoriteScene(
          id: 12, photoUrl: "https://images.kumiki.example/scenes/scene_12.jpg", author: "加藤 葵",
          title: "スープカレー", category: "カレー", shopName: "札幌スープカリー 北斗", comment: "野菜がごろごろ入っていて食べ応え十分。",
          publishedAt: "2023-04-04T19:20:00.000+0000"))
    #expect(scenes.last?.photoURL == URL(string: "https://images.kumiki.example/scenes/scene_12.jpg"))
    #expect(scenes.last?.publishedDate == "2023/04/04")
    #expect(scenes.first?.publishedDate == "2023/02/02")
    #expect(scenes.allSatisfy { $0.photoURL != nil && $0.publishedDate != nil })
  }

  @Test func unparsableURLsAndDatesBecomeNil() {
    let scene = FavoriteScene(
      id: 1, photoUrl: "scene 01.jpg", author: "a", title: "t", category: "c", shopName: "s", comment: "m",
      publishedAt: "2023-02-30T00:00:00.000+0000")

    #expect(scene.photoURL == nil)
    #expect(scene.publishedDate == nil)
  }
}
