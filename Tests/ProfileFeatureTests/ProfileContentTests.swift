import FeatureKit
import Foundation
import Presentation
import Testing

@testable import ProfileFeature

@Suite struct ProfileContentTests {
  @Test func mapsTheFixtureToViewObjects() throws {
    let content = ProfileContent(try ProfileFixtures.response())

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
      content.announcements.first
        == InformationItem(
          id: 1, label: "メンテナンス", title: "サーバーメンテナンスのお知らせ", publishedDate: "2023/04/10",
          body: "4月12日 2:00〜5:00 の間、サービスをご利用いただけません。"))
    #expect(content.announcements.last?.publishedDate == "2023/06/01")
    #expect(
      content.comments.first
        == InformationItem(
          id: 1, label: "happy", title: "最高のオムライスでした", publishedDate: "2023/03/02",
          body: "卵のとろとろ具合が理想そのもの。また行きます！"))
    #expect(content.recentFavorites.last?.title == "フォー・サイゴンの朝フォー")
    #expect(content.recentFavorites.last?.publishedDate == "2023/05/20")
    #expect(content.items(.announcements).count == 5)
    #expect(content.items(.comments).map(\.id) == [1, 2, 3, 4, 5])
    #expect(content.items(.recent) == content.recentFavorites)
  }

  @Test func unparsableURLsAndDatesBecomeNil() throws {
    var personal = try ProfileFixtures.response().personal
    personal.createdAt = "June 2021"
    personal.avatarUrl = "avatar.jpg"
    personal.socialMedia.twitterUrl = ""

    let view = ProfilePersonalViewObject(personal)

    #expect(view.memberSince == nil)
    #expect(view.avatarURL == nil)
    #expect(view.socialLinks.first == ProfileSocialLink(service: .twitter, url: nil))
    #expect(view.backgroundImageURL != nil)
  }

  @Test func datesAreReadInUTCWithAFixedFormat() {
    #expect(DisplayDate.format("2022-12-01T07:30:00.000+0000") == "2022/12/01")
    #expect(DisplayDate.format("2023-01-01T05:00:00.000+0900") == "2022/12/31")
    #expect(DisplayDate.format("2023-02-29T00:00:00.000+0000") == nil)
    #expect(WebAddress.parse("mailto:a@b.c") == nil)
  }
}
