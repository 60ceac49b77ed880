import FavoriteFeature
import Testing

@Suite struct FavoriteContentTests {
  @Test func holdsEverySceneAsDecodedInAPIOrder() throws {
    let scenes = try FavoriteFixtures.scenes()
    let content = FavoriteContent(scenes)

    #expect(content.scenes == scenes)
    #expect(content.scenes.map(\.id) == Array(1...12))
    #expect(!content.isEmpty)
  }

  @Test func noScenesIsEmpty() {
    #expect(FavoriteContent([]).isEmpty)
  }
}
