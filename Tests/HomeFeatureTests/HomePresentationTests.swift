import FeatureKit
import Foundation
import HomeFeature
import LoadingScreenKit
import Presentation
import Testing

@Suite struct HomePresentationTests {
  @Test func idleOffersToLoad() {
    let view = HomeFeature.present(HomeFeature.State())

    #expect(view.plainText == ["Home has not been loaded yet.", "Load"])
    #expect(view.actions == [.load(.refresh)])
  }

  @Test func loadingIsASpinner() {
    #expect(HomeFeature.present(HomeFeature.State(load: ScreenLoad(phase: .loading))) == .spinner("Loading Home..."))
  }

  @Test func errorShowsTheMessageWithRetry() {
    let view = HomeFeature.present(HomeFeature.State(load: ScreenLoad(phase: .failed("The server failed (500)."))))

    #expect(view == .error(message: "The server failed (500).", retry: .load(.retry)))
    #expect(view.actions == [.load(.retry)])
  }

  @Test func emptyShowsAHintAndRefresh() {
    let view = HomeFeature.present(HomeFeature.State(load: ScreenLoad(phase: .empty)))

    #expect(view.plainText == ["There is nothing on Home yet.", "Refresh"])
    #expect(view.actions == [.load(.refresh)])
  }

  @Test func contentShowsTheFiveSectionsInOrderWithTheirLayouts() throws {
    let content = try HomeFixtures.response()
    let view = HomeFeature.present(HomeFeature.State(load: ScreenLoad(phase: .loaded(content))))

    guard case .stack(let children) = view else {
      Issue.record("expected a stack, got \(view)")
      return
    }
    let sections = children.compactMap { child -> (String, CollectionNode<HomeFeature.Action>)? in
      guard case .section(let title, let inner) = child, case .collection(let collection)? = inner.first else {
        return nil
      }
      return (title, collection)
    }
    #expect(sections.map(\.0) == ["Campaigns", "Recent News", "Featured Topics", "Trend Articles", "Pickup Photos"])
    #expect(sections.map(\.1.layout) == [.carousel, .carousel, .carousel, .grid(columns: 2), .grid(columns: 3)])
    #expect(sections.map(\.1.cards.count) == [6, 12, 8, 4, 20])
    #expect(
      sections[0].1.cards.first
        == Card(
          id: "campaign-1", title: "春の食材フェア開催中🌸",
          lines: ["旬の筍と菜の花を使った限定メニューを、参加店舗でお楽しみください。", "2023/03/20"],
          action: .select(.campaignBanner(1))))
    #expect(sections[1].1.cards.last?.lines == ["お知らせ", "2023/04/28"])
    #expect(sections[2].1.cards.map(\.rating).first == 4.5)
    #expect(sections[4].1.cards.first?.lines == ["採れたてのトマトときゅうりが並びます。", "800x1200"])

    let text = view.plainText
    #expect(text.contains("GW期間中の営業日についてのご案内"))
    #expect(text.contains("今、ランチで選ばれているのは「定食」"))
    #expect(text.contains("お弁当"))
    #expect(view.actions.filter { if case .select = $0 { true } else { false } }.count == 50)
    #expect(view.actions.last == .load(.refresh))
  }

  @Test func anEmptySectionSaysSoWhileOthersShowCards() {
    let news = RecentNews(id: 1, thumbnailUrl: "", title: "Only news", newsCategory: "c", publishedAt: "")
    let view = HomeFeature.present(HomeFeature.State(load: ScreenLoad(phase: .loaded(HomeContent(recentNews: [news])))))

    #expect(
      view.plainText == [
        "Campaigns", "No campaigns right now.",
        "Recent News", "Only news", "c",
        "Featured Topics", "No featured topics yet.",
        "Trend Articles", "No trend articles yet.",
        "Pickup Photos", "No pickup photos yet.",
        "Refresh",
      ])
    #expect(view.actions == [.select(.recentNews(1)), .load(.refresh)])
  }

  @Test func anOpenDetailIsAnOverlayThatCloses() throws {
    let content = try HomeFixtures.response()
    let view = HomeFeature.present(
      HomeFeature.State(load: ScreenLoad(phase: .loaded(content)), detail: .featuredTopic(content.featuredTopics[0])))

    guard case .stack(let children) = view, case .overlay(let overlay)? = children.last else {
      Issue.record("expected an overlay last, got \(view)")
      return
    }
    #expect(overlay.title == "朝ごはんが楽しみになる、だしの話")
    #expect(overlay.dismiss == .closeDetail)
    #expect(overlay.buttons == [OverlayButton(label: "Close", action: .closeDetail)])
    #expect(
      overlay.content.plainText == [
        "Topic: 2001", "Rating: 4.5", "Published: 2023/02/11",
        "Thumbnail: https://images.kumiki.example/topics/topic_01.jpg",
        "かつお節と昆布の合わせだしを、忙しい朝でも手軽に。",
      ])
  }

  @Test func detailShowsMissingURLsAndDatesAsDashes() {
    let article = TrendArticle(
      id: 3, thumbnailUrl: "not a url", title: "Article", introduction: "Intro", publishedAt: "someday")
    let view = HomeFeature.present(
      HomeFeature.State(
        load: ScreenLoad(phase: .loaded(HomeContent(trendArticles: [article]))), detail: .trendArticle(article)))

    guard case .stack(let children) = view, case .overlay(let overlay)? = children.last else {
      Issue.record("expected an overlay last, got \(view)")
      return
    }
    #expect(overlay.content.plainText == ["Published: -", "Thumbnail: -", "Intro"])
  }
}
