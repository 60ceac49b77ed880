import FeatureKit
import Foundation
import LoadingScreenKit
import Presentation
import ProfileFeature
import Testing

@Suite struct ProfilePresentationTests {
  @Test func idleOffersToLoad() {
    let view = ProfileFeature.present(ProfileFeature.State())
    #expect(view.plainText == ["Profile has not been loaded yet.", "Load"])
    #expect(view.actions == [.load(.refresh)])
  }

  @Test func loadingIsASpinner() {
    #expect(
      ProfileFeature.present(ProfileFeature.State(load: ScreenLoad(phase: .loading))) == .spinner("Loading profile..."))
  }

  @Test func errorShowsTheMessageWithRetry() {
    #expect(
      ProfileFeature.present(ProfileFeature.State(load: ScreenLoad(phase: .failed("Nothing was found (404)."))))
        == .error(message: "Nothing was found (404).", retry: .load(.retry)))
  }

  @Test func contentShowsEverySectionAndTheSelectedTab() throws {
    let content = try ProfileFixtures.response()
    let view = ProfileFeature.present(ProfileFeature.State(load: ScreenLoad(phase: .loaded(content))))

    guard case .stack(let children) = view else {
      Issue.record("expected a stack, got \(view)")
      return
    }
    let titles = children.compactMap { child -> String? in
      if case .section(let title, _) = child { title } else { nil }
    }
    #expect(titles == ["Personal", "Self-introduction", "Points & History", "Social Links", "Information"])
    let text = view.plainText
    for line in [
      "Nickname: 食いしん坊の編集者", "Member since: 2021/06/15",
      "Avatar: https://images.kumiki.example/profile/avatar.jpg",
      "Background: https://images.kumiki.example/profile/background.jpg",
      "Profile views: 12840", "Articles posted: 57", "Page views: 384210", "Available points: 3200",
      "Coupons used: 14", "Shops visited: 231",
      "Twitter: https://twitter.example/kuishinbo_editor", "Facebook: https://facebook.example/kuishinbo.editor",
      "Instagram: https://instagram.example/kuishinbo_editor",
      "Announcements", "Comments", "Recently Saved",
      "サーバーメンテナンスのお知らせ", "メンテナンス - 2023/04/10", "読者限定試食会のご案内",
    ] {
      #expect(text.contains(line), "missing \(line)")
    }
    #expect(text.contains { $0.hasPrefix("休日は食べ歩きと料理教室めぐり。") })
    #expect(!text.contains("最高のオムライスでした"))

    let expectedActions: [ProfileFeature.Action] =
      [.selectTab(.announcements), .selectTab(.comments), .selectTab(.recent)]
      + (1...5).map { .select(.announcements, id: $0) } + [.editProfile, .load(.refresh)]
    #expect(view.actions == expectedActions)
  }

  @Test func theSelectedTabIsMarkedAndItsItemsShown() throws {
    let content = try ProfileFixtures.response()
    let view = ProfileFeature.present(
      ProfileFeature.State(load: ScreenLoad(phase: .loaded(content)), selectedTab: .comments))

    guard case .stack(let children) = view, case .section("Information", let inner) = children[4],
      case .tabs(let tabs, let list)? = inner.first
    else {
      Issue.record("expected the information tabs, got \(view)")
      return
    }
    #expect(tabs.map(\.isSelected) == [false, true, false])
    guard case .list(let node) = list else {
      Issue.record("expected a list, got \(list)")
      return
    }
    #expect(
      node.items.first
        == ListItem(
          id: "comments-1", title: "最高のオムライスでした", subtitle: "happy - 2023/03/02",
          detail: "卵のとろとろ具合が理想そのもの。また行きます！", action: .select(.comments, id: 1)))
    #expect(node.items.count == 5)
  }

  @Test func anEmptyTabSaysSo() throws {
    let personal = try ProfileFixtures.response().personal
    let view = ProfileFeature.present(
      ProfileFeature.State(load: ScreenLoad(phase: .loaded(ProfileContent(personal: personal))), selectedTab: .recent))

    #expect(view.plainText.contains("Nothing in Recently Saved yet."))
    #expect(
      view.actions == [
        .selectTab(.announcements), .selectTab(.comments), .selectTab(.recent), .editProfile, .load(.refresh),
      ])
  }

  @Test func anOpenDetailIsAnOverlayThatCloses() throws {
    let content = try ProfileFixtures.response()
    let view = ProfileFeature.present(
      ProfileFeature.State(
        load: ScreenLoad(phase: .loaded(content)), selectedTab: .comments,
        detail: .comment(content.comments[4])))

    guard case .stack(let children) = view, case .overlay(let overlay)? = children.last else {
      Issue.record("expected an overlay last, got \(view)")
      return
    }
    #expect(overlay.title == "新メニューに期待")
    #expect(overlay.dismiss == .closeDetail)
    #expect(overlay.buttons == [OverlayButton(label: "Close", action: .closeDetail, isDefault: true)])
    #expect(
      overlay.content.plainText == [
        "Tab: Comments", "Emotion: excited", "Published: 2023/05/09", "季節限定のグリーンカレーが始まるそうで楽しみ。",
      ])
  }
}
