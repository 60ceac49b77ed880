/// A pickup photo as `/pickup_photos` sends it.
public struct PickupPhoto: Equatable, Codable, Sendable {
  public var id: Int
  public var photoUrl: String
  public var photoWidth: Int
  public var photoHeight: Int
  public var title: String
  public var caption: String
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
