/// A campaign banner as `/campaign_banners` sends it.
public struct CampaignBanner: Equatable, Codable, Sendable {
  public var id: Int
  public var bannerContentsId: Int
  public var bannerUrl: String
  public var title: String
  public var caption: String
  public var announcementAt: String

  /// Creates a banner; the fields mirror the API's.
  public init(id: Int, bannerContentsId: Int, bannerUrl: String, title: String, caption: String, announcementAt: String)
  {
    self.id = id
    self.bannerContentsId = bannerContentsId
    self.bannerUrl = bannerUrl
    self.title = title
    self.caption = caption
    self.announcementAt = announcementAt
  }
}
