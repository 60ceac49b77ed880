/// A pickup photo as `/pickup_photos` sends it.
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
