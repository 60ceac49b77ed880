import Foundation
import Presentation

/// A campaign banner as `/campaign_banners` sends it, and as the Home state holds it: a field the API adds is added
/// here, and what the screen shows beyond the fields is computed below.
public struct CampaignBanner: Equatable, Codable, Sendable {
  /// The banner's id.
  public var id: Int
  /// The id of the campaign the banner advertises (`banner_contents_id`).
  public var bannerContentsId: Int
  /// The banner image's address, as sent (not necessarily a valid URL).
  public var bannerUrl: String
  /// The banner's title.
  public var title: String
  /// The line under the title.
  public var caption: String
  /// When the campaign was announced: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var announcementAt: String
  /// The keyword the campaign's dishes are found by in the archive (`search_keyword`), if it has one: its detail
  /// offers "Search the archive", which opens Archive's search (the route `archive/search/<keyword>`).
  public var searchKeyword: String?

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, title, caption
    case bannerContentsId = "banner_contents_id"
    case bannerUrl = "banner_url"
    case announcementAt = "announcement_at"
    case searchKeyword = "search_keyword"
  }

  /// Creates a banner; the fields mirror the API's.
  public init(
    id: Int, bannerContentsId: Int, bannerUrl: String, title: String, caption: String, announcementAt: String,
    searchKeyword: String? = nil
  ) {
    self.id = id
    self.bannerContentsId = bannerContentsId
    self.bannerUrl = bannerUrl
    self.title = title
    self.caption = caption
    self.announcementAt = announcementAt
    self.searchKeyword = searchKeyword
  }
}

extension CampaignBanner {
  /// ``bannerUrl`` when it is an absolute http(s) URL, otherwise `nil`.
  public var bannerURL: URL? { WebAddress.parse(bannerUrl) }
  /// ``announcementAt`` as `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var announcementDate: String? { DisplayDate.format(announcementAt) }
}
