import FeatureKit
import HomeFeature
import LoadingScreenKit
import Networking
import Presentation
import Testing

/// A campaign opens Archive's search for its keyword by value: Home asks for `archive/search/<keyword>`.
@Suite("Home routes")
struct HomeRouteTests {
  let module = HomeFeature.module(client: .live(http: .unimplemented, baseURL: HomeFixtures.baseURL))

  @Test("a campaign with a keyword offers Search the archive, which asks for Archive's search")
  func campaignOffersTheSearch() {
    let banner = CampaignBanner(
      id: 3, bannerContentsId: 1003, bannerUrl: "", title: "カレー特集号", caption: "", announcementAt: "",
      searchKeyword: "カレー")
    let overlay = overlay(banner)
    #expect(overlay?.buttons.map(\.label) == ["Search the archive: カレー", "Close"])
    #expect(overlay?.buttons.first?.action == .searchCampaign("カレー"))
    #expect(module.routeRequest?(.searchCampaign("カレー")) == Route("archive", "search", .string("カレー")))
    #expect(module.routeRequest?(.closeDetail) == nil)
  }

  @Test("a campaign without a keyword offers only Close")
  func campaignWithoutKeyword() {
    let banner = CampaignBanner(
      id: 4, bannerContentsId: 1004, bannerUrl: "", title: "読者投稿", caption: "", announcementAt: "")
    #expect(overlay(banner)?.buttons.map(\.label) == ["Close"])
  }

  /// The detail overlay Home draws for `banner`, loaded and open.
  func overlay(_ banner: CampaignBanner) -> OverlayNode<HomeFeature.Action>? {
    var load = ScreenLoad<HomeContent>()
    load.reduce(.loaded(HomeContent(campaignBanners: [banner])))
    return HomeFeature.present(HomeFeature.State(load: load, detail: .campaignBanner(banner))).firstOverlay
  }
}
