import Foundation
import Presentation

/// A pickup photo as the screen shows it.
public struct PickupPhotoViewObject: Equatable, Codable, Sendable {
  /// The photo's id.
  public var id: Int
  /// `nil` when the API's address is not a valid http(s) URL.
  public var photoURL: URL?
  /// The photo's width in pixels.
  public var photoWidth: Int
  /// The photo's height in pixels.
  public var photoHeight: Int
  /// The photo's title.
  public var title: String
  /// The line under the title.
  public var caption: String
  /// `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String?

  /// Creates a view object.
  public init(
    id: Int, photoURL: URL?, photoWidth: Int, photoHeight: Int, title: String, caption: String, publishedDate: String?
  ) {
    self.id = id
    self.photoURL = photoURL
    self.photoWidth = photoWidth
    self.photoHeight = photoHeight
    self.title = title
    self.caption = caption
    self.publishedDate = publishedDate
  }

  /// Maps the API entity: date as `yyyy/MM/dd`, an unparsable URL as `nil`.
  public init(_ entity: PickupPhoto) {
    self.init(
      id: entity.id,
      photoURL: WebAddress.parse(entity.photoUrl),
      photoWidth: entity.photoWidth,
      photoHeight: entity.photoHeight,
      title: entity.title,
      caption: entity.caption,
      publishedDate: DisplayDate.format(entity.publishedAt)
    )
  }
}
