import FeatureKit
import FeatureKitTesting
import Foundation
import Presentation
import Testing

@testable import ProfileFeature

@Suite struct ProfileContentTests {
  @Test func theStateHoldsEachAPIItemFieldForField() throws {
    // One type per API item: a field added to fixtures.json is reported here until it is added to its item type.
    #expect(try FixtureAPI.roundTripDifferences(ProfilePersonal.self, resource: "profile_personal") == [])
    #expect(try FixtureAPI.roundTripDifferences([ProfileAnnouncement].self, resource: "profile_announcement") == [])
    #expect(try FixtureAPI.roundTripDifferences([ProfileComment].self, resource: "profile_comment") == [])
    #expect(
      try FixtureAPI.roundTripDifferences([ProfileRecentFavorite].self, resource: "profile_recent_favorite") == [])
  }

  @Test func holdsTheFixtureWithWhatTheScreenComputes() throws {
    let content = try ProfileFixtures.response()

    #expect(content.personal.nickname == "食いしん坊の編集者")
    #expect(content.personal.memberSince == "2021/06/15")
    #expect(content.personal.avatarURL == URL(string: "https://images.kumiki.example/profile/avatar.jpg"))
    #expect(
      content.personal.backgroundImageURL == URL(string: "https://images.kumiki.example/profile/background.jpg"))
    #expect(content.personal.histories.totalAvailablePoints == 3200)
    #expect(
      content.personal.socialLinks == [
        ProfileSocialLink(service: .twitter, url: URL(string: "https://twitter.example/kuishinbo_editor")),
        ProfileSocialLink(service: .facebook, url: URL(string: "https://facebook.example/kuishinbo.editor")),
        ProfileSocialLink(service: .instagram, url: URL(string: "https://instagram.example/kuishinbo_editor")),
      ])

    #expect(
      content.items(.announcements).first
        == InformationItem(
          id: 1, label: "メンテナンス", title: "サーバーメンテナンスのお知らせ", publishedDate: "2023/04/10",
          publishedTimestamp: "2023-04-10T09:00:00Z",
          body: "4月12日 2:00〜5:00 の間、サービスをご利用いただけません。"))
    #expect(content.items(.announcements).last?.publishedDate == "2023/06/01")
    #expect(
      content.items(.comments).first
        == InformationItem(
          id: 1, label: "happy", title: "最高のオムライスでした", publishedDate: "2023/03/02",
          publishedTimestamp: "2023-03-02T20:30:00Z",
          body: "卵のとろとろ具合が理想そのもの。また行きます！"))
    #expect(content.recentFavorites.last?.title == "フォー・サイゴンの朝フォー")
    #expect(content.items(.recent).last?.publishedDate == "2023/05/20")
    #expect(content.items(.announcements).count == 5)
    #expect(content.items(.comments).map(\.id) == [1, 2, 3, 4, 5])
    #expect(content.items(.recent).map(\.title) == content.recentFavorites.map(\.title))
  }

  @Test func findsTheDetailOfAnItemByTabAndID() throws {
    let content = try ProfileFixtures.response()

    #expect(content.detail(.announcements, id: 2) == .announcement(content.announcements[1]))
    #expect(content.detail(.comments, id: 5) == .comment(content.comments[4]))
    #expect(content.detail(.recent, id: 1) == .recentFavorite(content.recentFavorites[0]))
    #expect(content.detail(.comments, id: 99) == nil)
    let detail = try #require(content.detail(.comments, id: 1))
    #expect(detail.tab == .comments)
    #expect(detail.item == content.items(.comments)[0])
  }

  @Test func unparsableURLsAndDatesBecomeNil() throws {
    var personal = try ProfileFixtures.response().personal
    personal.createdAt = "June 2021"
    personal.avatarUrl = "avatar.jpg"
    personal.socialMedia.twitterUrl = ""

    #expect(personal.memberSince == nil)
    #expect(personal.avatarURL == nil)
    #expect(personal.socialLinks.first == ProfileSocialLink(service: .twitter, url: nil))
    #expect(personal.backgroundImageURL != nil)

    let comment = ProfileComment(id: 1, emotion: "e", title: "t", publishedAt: "2023-13-01T00:00:00Z", comment: "c")
    #expect(InformationItem(comment).publishedDate == nil)
  }

  @Test func datesAreReadInUTCWithAFixedFormat() {
    #expect(DisplayDate.format("2022-12-01T07:30:00.000+0000") == "2022/12/01")
    #expect(DisplayDate.format("2023-01-01T05:00:00.000+0900") == "2022/12/31")
    #expect(DisplayDate.format("2023-02-29T00:00:00.000+0000") == nil)
    #expect(WebAddress.parse("mailto:a@b.c") == nil)
  }
}
