import Foundation
import Presentation

/// A pickup photo as `/pickup_photos` sends it, and as the Home state holds it: a field the API adds is added here,
/// and what the screen shows beyond the fields is computed below.
public struct PickupPhoto: Equatable, Codable, Sendable {
  /// The photo's id.
  public var id: Int
  /// The photo's address, as sent (not necessarily a valid URL).
  public var photoUrl: String
  /// The photo's width in pixels.
  public var photoWidth: Int
  /// The photo's height in pixels.
  public var photoHeight: Int
  /// The photo's title.
  public var title: String
  /// The line under the title.
  public var caption: String
  /// When the photo was published: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var publishedAt: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, title, caption
    case photoUrl = "photo_url"
    case photoWidth = "photo_width"
    case photoHeight = "photo_height"
    case publishedAt = "published_at"
  }

  /// Creates a photo; the fields mirror the API's.
  public init(
    id: Int, photoUrl: String, photoWidth: Int, photoHeight: Int, title: String, caption: String, publishedAt: String
  ) {
    self.id = id
    self.photoUrl = photoUrl
    self.photoWidth = photoWidth
    self.photoHeight = photoHeight
    self.title = title
    self.caption = caption
    self.publishedAt = publishedAt
  }
}

extension PickupPhoto {
  /// ``photoUrl`` when it is an absolute http(s) URL, otherwise `nil`.
  public var photoURL: URL? { WebAddress.parse(photoUrl) }
  /// ``publishedAt`` as `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String? { DisplayDate.format(publishedAt) }
}
