import Foundation
import Presentation

/// A campaign banner as the screen shows it.
public struct CampaignBannerViewObject: Equatable, Codable, Sendable {
  /// The banner's id.
  public var id: Int
  /// The id of the campaign the banner advertises.
  public var bannerContentsId: Int
  /// `nil` when the API's address is not a valid http(s) URL.
  public var bannerURL: URL?
  /// The banner's title.
  public var title: String
  /// The line under the title.
  public var caption: String
  /// `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var announcementDate: String?

  /// Creates a view object.
  public init(
    id: Int, bannerContentsId: Int, bannerURL: URL?, title: String, caption: String, announcementDate: String?
  ) {
    self.id = id
    self.bannerContentsId = bannerContentsId
    self.bannerURL = bannerURL
    self.title = title
    self.caption = caption
    self.announcementDate = announcementDate
  }

  /// Maps the API entity: date as `yyyy/MM/dd`, an unparsable URL as `nil`.
  public init(_ entity: CampaignBanner) {
    self.init(
      id: entity.id,
      bannerContentsId: entity.bannerContentsId,
      bannerURL: WebAddress.parse(entity.bannerUrl),
      title: entity.title,
      caption: entity.caption,
      announcementDate: DisplayDate.format(entity.announcementAt)
    )
  }
}
