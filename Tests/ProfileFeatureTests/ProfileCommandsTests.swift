import FeatureKit
import Foundation
import LoadingScreenKit
import Presentation
import ProfileFeature
import Testing

@Suite struct ProfileCommandsTests {
  private let command = ProfileFeature.commands[0]

  private var smallContent: ProfileContent {
    ProfileContent(
      personal: ProfilePersonal(
        id: 1, nickname: "N", createdAt: "2021-06-15T10:00:00.000+0000", avatarUrl: "https://x.example/a.jpg",
        backgroundImageUrl: "background.jpg", introduction: "I",
        histories: ProfileHistories(
          profileViewCount: 1, articlePostCount: 2, totalPageViewCount: 3, totalAvailablePoints: 4,
          totalUseCouponCount: 5, totalVisitShopCount: 6),
        socialMedia: ProfileSocialMedia(
          twitterUrl: "https://t.example/n", facebookUrl: "", instagramUrl: "https://i.example/n")),
      announcements: [
        ProfileAnnouncement(
          id: 1, category: "お知らせ", title: "A", publishedAt: "2023-04-10T00:00:00.000+0000", description: "a")
      ],
      comments: [ProfileComment(id: 2, emotion: "happy", title: "C", publishedAt: "", comment: "c")],
      recentFavorites: [
        ProfileRecentFavorite(
          id: 3, category: "カレー", title: "R", publishedAt: "2023-04-01T00:00:00.000+0000", description: "r")
      ]
    )
  }

  private let personalJSON =
    #"{"id":1,"nickname":"N","member_since":"2021-06-15T10:00:00Z","avatar_url":"https://x.example/a.jpg","#
    + #""background_image_url":null,"introduction":"I","#
    + #""histories":{"profile_view_count":1,"article_post_count":2,"total_page_view_count":3,"#
    + #""total_available_points":4,"total_use_coupon_count":5,"total_visit_shop_count":6},"#
    + #""social_media":{"twitter_url":"https://t.example/n","facebook_url":null,"instagram_url":"https://i.example/n"}}"#

  @Test func profileIsTheGroupCommandWithATabOption() throws {
    #expect(ProfileFeature.commands.map(\.path) == [[], ["edit"]])
    #expect(command.path == [])
    #expect(
      command.arguments == [
        .option(
          "tab", help: "The information tab to print (default: announcements)",
          choices: ["announcements", "comments", "recent"])
      ])
    #expect(try command.actions(CommandInput()) == [.selectTab(.announcements), .load(.appear)])
    #expect(try command.actions(CommandInput(values: ["tab": "recent"])) == [.selectTab(.recent), .load(.appear)])
    #expect(throws: CommandError.usage("tab must be one of announcements, comments, recent, got 'photos'")) {
      try command.actions(CommandInput(values: ["tab": "photos"]))
    }
  }

  @Test(arguments: [
    (
      nil,
      #""announcements":[{"id":1,"title":"A","category":"お知らせ","published_at":"2023-04-10T00:00:00Z","description":"a"}]"#
    ),
    ("comments", #""comments":[{"id":2,"title":"C","emotion":"happy","published_at":null,"comment":"c"}]"#),
    (
      "recent",
      #""recent":[{"id":3,"title":"R","category":"カレー","published_at":"2023-04-01T00:00:00Z","description":"r"}]"#
    ),
  ])
  func loadedStatePrintsThePersonalDataAndTheChosenTab(tab: String?, tabJSON: String) {
    let input = CommandInput(values: tab.map { ["tab": $0] } ?? [:])
    let output = command.output(ProfileFeature.State(load: ScreenLoad(phase: .loaded(smallContent))), input)

    guard case .success(let view, let json) = output else {
      Issue.record("expected success, got \(output)")
      return
    }
    #expect(json.text == #"{"personal":"# + personalJSON + "," + tabJSON + "}")
    #expect(view.actions.isEmpty)
  }

  @Test func textOutputListsEverySection() {
    guard
      case .success(let view, _) = command.output(
        ProfileFeature.State(load: ScreenLoad(phase: .loaded(smallContent))), CommandInput(values: ["tab": "comments"]))
    else {
      Issue.record("expected success")
      return
    }
    #expect(
      view.plainText == [
        "Personal", "Nickname: N", "Member since: 2021/06/15", "Avatar: https://x.example/a.jpg", "Background: -",
        "Self-introduction", "I",
        "Points & History", "Profile views: 1", "Articles posted: 2", "Page views: 3", "Available points: 4",
        "Coupons used: 5", "Shops visited: 6",
        "Social Links", "Twitter: https://t.example/n", "Facebook: -", "Instagram: https://i.example/n",
        "Comments", "C", "happy", "c",
      ])
  }

  @Test func errorAndUnfinishedStatesFail() {
    let cases: [(LoadPhase<ProfileContent>, String)] = [
      (.failed("The server failed."), "The server failed."),
      (.idle, "Profile did not finish loading."),
      (.loading, "Profile did not finish loading."),
    ]
    for (phase, expected) in cases {
      guard
        case .failure(let reason) = command.output(ProfileFeature.State(load: ScreenLoad(phase: phase)), CommandInput())
      else {
        Issue.record("expected failure for \(phase)")
        continue
      }
      #expect(reason == expected)
    }
  }
}
