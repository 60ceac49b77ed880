import FavoriteFeature
import Testing

@Suite struct FavoriteContentTests {
  @Test func mapsEverySceneInAPIOrder() throws {
    let scenes = try FavoriteFixtures.scenes()
    let content = FavoriteContent(scenes)

    #expect(content.scenes == scenes.map(FavoriteSceneViewObject.init))
    #expect(content.scenes.map(\.id) == Array(1...12))
    #expect(!content.isEmpty)
  }

  @Test func noScenesIsEmpty() {
    #expect(FavoriteContent([]).isEmpty)
    #expect(FavoriteContent(scenes: []) == FavoriteContent([]))
  }
}
