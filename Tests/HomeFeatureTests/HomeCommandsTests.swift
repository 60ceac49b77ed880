import FeatureKit
import Foundation
import HomeFeature
import LoadingScreenKit
import Presentation
import Testing

@Suite struct HomeCommandsTests {
  private let command = HomeFeature.commands[0]

  private var smallContent: HomeContent {
    HomeContent(
      campaignBanners: [
        CampaignBanner(
          id: 1, bannerContentsId: 1001, bannerUrl: "https://x.example/b.jpg", title: "B", caption: "C",
          announcementAt: "2023-03-20T00:00:00.000+0000")
      ],
      recentNews: [
        RecentNews(
          id: 12, thumbnailUrl: "", title: "N", newsCategory: "お知らせ", publishedAt: "2023-04-28T00:00:00.000+0000")
      ],
      featuredTopics: [
        FeaturedTopic(
          id: 1, featuredTopicsId: 2001, rating: 4.5, thumbnailUrl: "", title: "T", caption: "c", publishedAt: "")
      ],
      trendArticles: [
        TrendArticle(
          id: 4, thumbnailUrl: "", title: "A", introduction: "i", publishedAt: "2023-07-07T00:00:00.000+0000")
      ],
      pickupPhotos: [
        PickupPhoto(
          id: 20, photoUrl: "", photoWidth: 1200, photoHeight: 800, title: "P", caption: "p",
          publishedAt: "2023-09-21T00:00:00.000+0000")
      ]
    )
  }

  @Test func homeIsTheGroupCommandAndLoads() throws {
    #expect(HomeFeature.commands.count == 1)
    #expect(command.path == [])
    #expect(command.arguments.isEmpty)
    #expect(try command.actions(CommandInput()) == [.load(.appear)])
  }

  @Test func loadedStatePrintsTheSectionsAndStableJSON() throws {
    let output = command.output(HomeFeature.State(load: ScreenLoad(phase: .loaded(smallContent))), CommandInput())

    guard case .success(let view, let json) = output else {
      Issue.record("expected success, got \(output)")
      return
    }
    #expect(
      json.text
        == #"{"campaign_banners":[{"id":1,"banner_contents_id":1001,"title":"B","caption":"C","#
        + #""banner_url":"https://x.example/b.jpg","announcement_at":"2023-03-20T00:00:00Z"}],"#
        + #""recent_news":[{"id":12,"title":"N","news_category":"お知らせ","thumbnail_url":null,"#
        + #""published_at":"2023-04-28T00:00:00Z"}],"#
        + #""featured_topics":[{"id":1,"featured_topics_id":2001,"title":"T","caption":"c","rating":4.5,"#
        + #""thumbnail_url":null,"published_at":null}],"#
        + #""trend_articles":[{"id":4,"title":"A","introduction":"i","thumbnail_url":null,"published_at":"2023-07-07T00:00:00Z"}],"#
        + #""pickup_photos":[{"id":20,"title":"P","caption":"p","photo_url":null,"photo_width":1200,"#
        + #""photo_height":800,"published_at":"2023-09-21T00:00:00Z"}]}"#)
    #expect(
      view.plainText == [
        "Campaigns", "B", "C", "2023/03/20",
        "Recent News", "N", "お知らせ", "2023/04/28",
        "Featured Topics", "T", "c",
        "Trend Articles", "A", "2023/07/07",
        "Pickup Photos", "P", "p", "1200x800",
      ])
  }

  @Test func fixtureContentPrintsEveryItem() throws {
    let output = HomeFeature.output(
      HomeFeature.State(load: ScreenLoad(phase: .loaded(try HomeFixtures.response()))))

    guard case .success(_, .object(let members)) = output else {
      Issue.record("expected a JSON object, got \(output)")
      return
    }
    #expect(
      members.map(\.0) == ["campaign_banners", "recent_news", "featured_topics", "trend_articles", "pickup_photos"])
    let counts = members.map { member -> Int in
      if case .array(let items) = member.1 { items.count } else { -1 }
    }
    #expect(counts == [6, 12, 8, 4, 20])
  }

  @Test func emptyStatePrintsEmptyLists() {
    let output = command.output(HomeFeature.State(load: ScreenLoad(phase: .empty)), CommandInput())

    guard case .success(let view, let json) = output else {
      Issue.record("expected success, got \(output)")
      return
    }
    #expect(
      json.text
        == #"{"campaign_banners":[],"recent_news":[],"featured_topics":[],"trend_articles":[],"pickup_photos":[]}"#)
    #expect(view == .empty("There is nothing on Home yet."))
  }

  @Test func errorStateFailsWithTheMessage() {
    let output = command.output(
      HomeFeature.State(load: ScreenLoad(phase: .failed("The server failed."))), CommandInput())

    guard case .failure(let reason) = output else {
      Issue.record("expected failure, got \(output)")
      return
    }
    #expect(reason == "The server failed.")
  }

  @Test func unfinishedLoadFails() {
    for phase in [LoadPhase<HomeContent>.idle, .loading] {
      guard
        case .failure(let reason) = command.output(HomeFeature.State(load: ScreenLoad(phase: phase)), CommandInput())
      else {
        Issue.record("expected failure for \(phase)")
        continue
      }
      #expect(reason == "Home did not finish loading.")
    }
  }
}
