import Foundation
import Presentation

/// A favourite scene as its card shows it.
public struct FavoriteSceneViewObject: Equatable, Codable, Sendable {
  /// The scene's id.
  public var id: Int
  /// `nil` when the API's address is not a valid http(s) URL.
  public var photoURL: URL?
  /// The reader who shared the scene.
  public var author: String
  /// The scene's title.
  public var title: String
  /// The cuisine (和食, カレー, …).
  public var category: String
  /// The shop the scene was at.
  public var shopName: String
  /// The reader's comment.
  public var comment: String
  /// `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String?

  /// Creates a view object.
  public init(
    id: Int, photoURL: URL?, author: String, title: String, category: String, shopName: String, comment: String,
    publishedDate: String?
  ) {
    self.id = id
    self.photoURL = photoURL
    self.author = author
    self.title = title
    self.category = category
    self.shopName = shopName
    self.comment = comment
    self.publishedDate = publishedDate
  }

  /// Maps the API entity: date as `yyyy/MM/dd`, an unparsable URL as `nil`.
  public init(_ entity: FavoriteScene) {
    self.init(
      id: entity.id,
      photoURL: WebAddress.parse(entity.photoUrl),
      author: entity.author,
      title: entity.title,
      category: entity.category,
      shopName: entity.shopName,
      comment: entity.comment,
      publishedDate: DisplayDate.format(entity.publishedAt)
    )
  }
}
