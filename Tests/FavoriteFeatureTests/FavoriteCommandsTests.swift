import FavoriteFeature
import FeatureKit
import Foundation
import LoadingScreenKit
import Presentation
import Testing

@Suite struct FavoriteCommandsTests {
  private let command = FavoriteFeature.commands[0]

  @Test func favoritesIsTheGroupCommandAndLoads() throws {
    #expect(FavoriteFeature.commands.count == 1)
    #expect(command.path == [])
    #expect(command.arguments.isEmpty)
    #expect(try command.actions(CommandInput()) == [.load(.appear)])
  }

  @Test func loadedStatePrintsCardsAndStableJSON() {
    let scene = FavoriteScene(
      id: 3, photoUrl: "https://x.example/s.jpg", author: "A", title: "T", category: "和食", shopName: "S",
      comment: "C", publishedAt: "2023-02-02T00:00:00.000+0000")
    let output = command.output(
      FavoriteFeature.State(load: ScreenLoad(phase: .loaded(FavoriteContent([scene])))), CommandInput())

    guard case .success(let view, let json) = output else {
      Issue.record("expected success, got \(output)")
      return
    }
    #expect(
      json.text
        == #"{"favorite_scenes":[{"id":3,"title":"T","author":"A","category":"和食","shop_name":"S","comment":"C","#
        + #""photo_url":"https://x.example/s.jpg","published_at":"2023-02-02T00:00:00Z"}]}"#)
    #expect(view.plainText == ["Favorite Scenes", "T", "A", "和食", "S", "C", "2023/02/02"])
    #expect(view.actions.isEmpty)
  }

  @Test func emptyStatePrintsAnEmptyList() {
    guard
      case .success(let view, let json) = command.output(
        FavoriteFeature.State(load: ScreenLoad(phase: .empty)), CommandInput())
    else {
      Issue.record("expected success")
      return
    }
    #expect(json.text == #"{"favorite_scenes":[]}"#)
    #expect(view == .empty("No favorite scenes yet."))
  }

  @Test func errorAndUnfinishedStatesFail() {
    let cases: [(LoadPhase<FavoriteContent>, String)] = [
      (.failed("The server failed."), "The server failed."),
      (.idle, "Favorites did not finish loading."),
      (.loading, "Favorites did not finish loading."),
    ]
    for (phase, expected) in cases {
      guard
        case .failure(let reason) = command.output(
          FavoriteFeature.State(load: ScreenLoad(phase: phase)), CommandInput())
      else {
        Issue.record("expected failure for \(phase)")
        continue
      }
      #expect(reason == expected)
    }
  }
}
