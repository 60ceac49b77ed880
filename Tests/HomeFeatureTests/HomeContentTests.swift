import Foundation
import HomeFeature
import Testing

@Suite struct HomeContentTests {
  @Test func mapsTheFixtureEntitiesToViewObjectsInOrder() throws {
    let content = HomeContent(try HomeFixtures.response())

    #expect(content.campaignBanners.count == 6)
    let banner = try #require(content.campaignBanners.first)
    #expect(
      banner
        == CampaignBannerViewObject(
          id: 1, bannerContentsId: 1001,
          bannerURL: URL(string: "https://images.kumiki.example/campaign/banner_01.jpg"),
          title: "春の食材フェア開催中🌸", caption: "旬の筍と菜の花を使った限定メニューを、参加店舗でお楽しみください。",
          announcementDate: "2023/03/20"))
    #expect(content.campaignBanners.last?.announcementDate == "2023/09/01")

    #expect(content.recentNews.count == 12)
    #expect(
      content.recentNews.last
        == RecentNewsViewObject(
          id: 12, thumbnailURL: URL(string: "https://images.kumiki.example/news/thumb_12.jpg"),
          title: "GW期間中の営業日についてのご案内", newsCategory: "お知らせ", publishedDate: "2023/04/28"))

    #expect(content.featuredTopics.map(\.featuredTopicsId) == Array(2001...2008))
    #expect(content.featuredTopics.first?.rating == 4.5)
    #expect(content.featuredTopics.first?.publishedDate == "2023/02/11")

    #expect(content.trendArticles.count == 4)
    #expect(content.trendArticles.last?.title == "冷凍でも本格派。お取り寄せグルメの現在")
    #expect(content.trendArticles.last?.publishedDate == "2023/07/07")

    #expect(content.pickupPhotos.count == 20)
    #expect(
      content.pickupPhotos.last
        == PickupPhotoViewObject(
          id: 20, photoURL: URL(string: "https://images.kumiki.example/pickup/photo_20.jpg"), photoWidth: 1200,
          photoHeight: 800, title: "お弁当", caption: "彩りを考えた三段重。", publishedDate: "2023/09/21"))
    #expect(content.isEmpty == false)
  }

  @Test func unparsableURLsAndDatesBecomeNil() {
    let news = RecentNewsViewObject(
      RecentNews(id: 7, thumbnailUrl: "not a url", title: "t", newsCategory: "c", publishedAt: "someday"))
    #expect(news.thumbnailURL == nil)
    #expect(news.publishedDate == nil)
    #expect(news.title == "t")

    let banner = CampaignBannerViewObject(
      CampaignBanner(id: 1, bannerContentsId: 2, bannerUrl: "", title: "b", caption: "c", announcementAt: ""))
    #expect(banner.bannerURL == nil)
    #expect(banner.announcementDate == nil)
  }

  @Test func findsTheDetailOfAnItemBySectionAndID() throws {
    let content = HomeContent(try HomeFixtures.response())

    #expect(content.detail(for: .campaignBanner(1)) == .campaignBanner(content.campaignBanners[0]))
    #expect(content.detail(for: .recentNews(12)) == .recentNews(content.recentNews[11]))
    #expect(content.detail(for: .featuredTopic(8)) == .featuredTopic(content.featuredTopics[7]))
    #expect(content.detail(for: .trendArticle(2)) == .trendArticle(content.trendArticles[1]))
    #expect(content.detail(for: .pickupPhoto(20)) == .pickupPhoto(content.pickupPhotos[19]))
    #expect(content.detail(for: .recentNews(99)) == nil)
  }

  @Test func isEmptyOnlyWhenEverySectionIsEmpty() {
    #expect(HomeContent().isEmpty)
    let onePhoto = HomeContent(
      pickupPhotos: [
        PickupPhotoViewObject(
          id: 1, photoURL: nil, photoWidth: 1, photoHeight: 1, title: "p", caption: "", publishedDate: nil)
      ])
    #expect(onePhoto.isEmpty == false)
  }
}
