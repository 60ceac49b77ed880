import FavoriteFeature
import Foundation
import Testing

@Suite struct FavoriteSceneViewObjectTests {
  @Test func mapsTheFixtureScenes() throws {
    let scenes = try FavoriteFixtures.scenes().map(FavoriteSceneViewObject.init)

    #expect(scenes.count == 12)
    #expect(
      scenes.last
        == FavoriteSceneViewObject(
          id: 12, photoURL: URL(string: "https://images.kumiki.example/scenes/scene_12.jpg"), author: "加藤 葵",
          title: "スープカレー", category: "カレー", shopName: "札幌スープカリー 北斗", comment: "野菜がごろごろ入っていて食べ応え十分。",
          publishedDate: "2023/04/04"))
    #expect(scenes.first?.publishedDate == "2023/02/02")
    #expect(scenes.allSatisfy { $0.photoURL != nil && $0.publishedDate != nil })
  }

  @Test func unparsableURLsAndDatesBecomeNil() {
    let scene = FavoriteSceneViewObject(
      FavoriteScene(
        id: 1, photoUrl: "scene 01.jpg", author: "a", title: "t", category: "c", shopName: "s", comment: "m",
        publishedAt: "2023-02-30T00:00:00.000+0000"))

    #expect(scene.photoURL == nil)
    #expect(scene.publishedDate == nil)
  }
}
