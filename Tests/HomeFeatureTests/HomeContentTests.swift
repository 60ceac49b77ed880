import FeatureKitTesting
import Foundation
import HomeFeature
import Testing

@Suite struct HomeContentTests {
  @Test func theStateHoldsEachAPIItemFieldForField() throws {
    // One type per API item: what the API sends is what the state holds, so a field added to fixtures.json is
    // reported here until it is added to its item type (one file), and no field is reshaped on the way.
    #expect(try FixtureAPI.roundTripDifferences([CampaignBanner].self, resource: "campaign_banners") == [])
    #expect(try FixtureAPI.roundTripDifferences([RecentNews].self, resource: "recent_news") == [])
    #expect(try FixtureAPI.roundTripDifferences([FeaturedTopic].self, resource: "featured_topics") == [])
    #expect(try FixtureAPI.roundTripDifferences([TrendArticle].self, resource: "trend_articles") == [])
    #expect(try FixtureAPI.roundTripDifferences([PickupPhoto].self, resource: "pickup_photos") == [])
  }

  @Test func holdsTheFixtureItemsInOrderWithWhatTheScreenComputes() throws {
    let content = try HomeFixtures.response()

    #expect(content.campaignBanners.count == 6)
    let banner = try #require(content.campaignBanners.first)
    #expect(
      banner
        == CampaignBanner(
          id: 1, bannerContentsId: 1001, bannerUrl: "https://images.kumiki.example/campaign/banner_01.jpg",
          title: "春の食材フェア開催中🌸", caption: "旬の筍と菜の花を使った限定メニューを、参加店舗でお楽しみください。",
          announcementAt: "2023-03-20T09:00:00.000+0000", searchKeyword: "和食"))
    #expect(banner.bannerURL == URL(string: "https://images.kumiki.example/campaign/banner_01.jpg"))
    #expect(banner.announcementDate == "2023/03/20")
    #expect(content.campaignBanners.last?.announcementDate == "2023/09/01")
    #expect(content.campaignBanners.map(\.searchKeyword) == ["和食", "エスニック", "カレー", nil, "麺", "和食"])

    #expect(content.recentNews.count == 12)
    let news = try #require(content.recentNews.last)
    #expect(news.id == 12)
    #expect(news.title == "GW期間中の営業日についてのご案内")
    #expect(news.newsCategory == "お知らせ")
    #expect(news.thumbnailURL == URL(string: "https://images.kumiki.example/news/thumb_12.jpg"))
    #expect(news.publishedDate == "2023/04/28")

    #expect(content.featuredTopics.map(\.featuredTopicsId) == Array(2001...2008))
    #expect(content.featuredTopics.first?.rating == 4.5)
    #expect(content.featuredTopics.first?.publishedDate == "2023/02/11")

    #expect(content.trendArticles.count == 4)
    #expect(content.trendArticles.last?.title == "冷凍でも本格派。お取り寄せグルメの現在")
    #expect(content.trendArticles.last?.publishedDate == "2023/07/07")

    #expect(content.pickupPhotos.count == 20)
    let photo = try #require(content.pickupPhotos.last)
    #expect(photo.photoURL == URL(string: "https://images.kumiki.example/pickup/photo_20.jpg"))
    #expect(photo.photoWidth == 1200 && photo.photoHeight == 800)
    #expect(photo.publishedDate == "2023/09/21")
    #expect(content.isEmpty == false)
  }

  @Test func unparsableURLsAndDatesBecomeNil() {
    let news = RecentNews(id: 7, thumbnailUrl: "not a url", title: "t", newsCategory: "c", publishedAt: "someday")
    #expect(news.thumbnailURL == nil)
    #expect(news.publishedDate == nil)
    #expect(news.title == "t")

    let banner = CampaignBanner(id: 1, bannerContentsId: 2, bannerUrl: "", title: "b", caption: "c", announcementAt: "")
    #expect(banner.bannerURL == nil)
    #expect(banner.announcementDate == nil)

    let topic = FeaturedTopic(
      id: 1, featuredTopicsId: 2, rating: 1, thumbnailUrl: "javascript:alert(1)", title: "t", caption: "c",
      publishedAt: "2023-02-30T00:00:00Z")
    #expect(topic.thumbnailURL == nil)
    #expect(topic.publishedDate == nil)

    let article = TrendArticle(id: 1, thumbnailUrl: "ftp://x.example/a", title: "t", introduction: "", publishedAt: "")
    #expect(article.thumbnailURL == nil)
    let photo = PickupPhoto(
      id: 1, photoUrl: "//x.example/p.jpg", photoWidth: 1, photoHeight: 1, title: "p", caption: "",
      publishedAt: "2023-09-21T23:30:00.000-0100")
    #expect(photo.photoURL == nil)
    #expect(photo.publishedDate == "2023/09/22")  // in UTC
  }

  @Test func findsTheDetailOfAnItemBySectionAndID() throws {
    let content = try HomeFixtures.response()

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
        PickupPhoto(id: 1, photoUrl: "", photoWidth: 1, photoHeight: 1, title: "p", caption: "", publishedAt: "")
      ])
    #expect(onePhoto.isEmpty == false)
  }
}
