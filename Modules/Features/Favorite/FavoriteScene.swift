/// A favourite scene as `/favorite_scenes` sends it.
public struct FavoriteScene: Equatable, Codable, Sendable {
  public var id: Int
  public var photoUrl: String
  public var author: String
  public var title: String
  public var category: String
  public var shopName: String
  public var comment: String
  public var publishedAt: String

  /// Creates a scene; the fields mirror the API's.
  public init(
    id: Int, photoUrl: String, author: String, title: String, category: String, shopName: String, comment: String,
    publishedAt: String
  ) {
    self.id = id
    self.photoUrl = photoUrl
    self.author = author
    self.title = title
    self.category = category
    self.shopName = shopName
    self.comment = comment
    self.publishedAt = publishedAt
  }
}
