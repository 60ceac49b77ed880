import FavoriteFeature
import FeatureKit
import Foundation
import LoadingScreenKit
import Presentation
import Testing

@Suite struct FavoritePresentationTests {
  @Test func idleOffersToLoad() {
    let view = FavoriteFeature.present(FavoriteFeature.State())
    #expect(view.plainText == ["Favorites have not been loaded yet.", "Load"])
    #expect(view.actions == [.load(.refresh)])
  }

  @Test func loadingIsASpinner() {
    #expect(
      FavoriteFeature.present(FavoriteFeature.State(load: ScreenLoad(phase: .loading)))
        == .spinner("Loading favorites..."))
  }

  @Test func errorShowsTheMessageWithRetry() {
    #expect(
      FavoriteFeature.present(FavoriteFeature.State(load: ScreenLoad(phase: .failed("Could not connect."))))
        == .error(message: "Could not connect.", retry: .load(.retry)))
  }

  @Test func emptyShowsAHintAndRefresh() {
    let view = FavoriteFeature.present(FavoriteFeature.State(load: ScreenLoad(phase: .empty)))
    #expect(view.plainText == ["No favorite scenes yet.", "Refresh"])
    #expect(view.actions == [.load(.refresh)])
  }

  @Test func contentShowsEverySceneAsACard() throws {
    let scenes = try FavoriteFixtures.scenes()
    let view = FavoriteFeature.present(
      FavoriteFeature.State(load: ScreenLoad(phase: .loaded(FavoriteContent(scenes)))))

    guard case .stack(let children) = view, case .collection(let collection)? = children.first else {
      Issue.record("expected cards first, got \(view)")
      return
    }
    #expect(collection.layout == .grid(columns: 2))
    #expect(collection.cards.count == 12)
    #expect(
      collection.cards.first
        == Card(
          id: "scene-1", title: "雨の日のうどん",
          lines: ["佐藤 みのり", "和食", "うどん処 ひより", "あたたかいお出汁に救われました。", "2023/02/02"], action: .select(1)))
    #expect(view.actions == (1...12).map { .select($0) } + [.load(.refresh)])
    #expect(view.plainText.contains("スープカレー"))
  }

  @Test func anOpenDetailIsAnOverlayThatCloses() throws {
    let scenes = try FavoriteFixtures.scenes()
    let view = FavoriteFeature.present(
      FavoriteFeature.State(load: ScreenLoad(phase: .loaded(FavoriteContent(scenes))), detail: scenes[11]))

    guard case .stack(let children) = view, case .overlay(let overlay)? = children.last else {
      Issue.record("expected an overlay last, got \(view)")
      return
    }
    #expect(overlay.title == "スープカレー")
    #expect(overlay.dismiss == .closeDetail)
    #expect(overlay.buttons == [OverlayButton(label: "Close", action: .closeDetail, isDefault: true)])
    #expect(
      overlay.content.plainText == [
        "Author: 加藤 葵", "Category: カレー", "Shop: 札幌スープカリー 北斗", "Published: 2023/04/04",
        "Photo: https://images.kumiki.example/scenes/scene_12.jpg", "野菜がごろごろ入っていて食べ応え十分。",
      ])
  }
}
