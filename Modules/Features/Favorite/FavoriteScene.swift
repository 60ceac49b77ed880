import Foundation
import Presentation

/// A favourite scene as `/favorite_scenes` sends it, and as the Favorite state holds it: a field the API adds is
/// added here, and what the screen shows beyond the fields is computed below.
public struct FavoriteScene: Equatable, Codable, Sendable {
  /// The scene's id.
  public var id: Int
  /// The photo's address, as sent (not necessarily a valid URL).
  public var photoUrl: String
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
  /// When the scene was published: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var publishedAt: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, author, title, category, comment
    case photoUrl = "photo_url"
    case shopName = "shop_name"
    case publishedAt = "published_at"
  }

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

extension FavoriteScene {
  /// ``photoUrl`` when it is an absolute http(s) URL, otherwise `nil`.
  public var photoURL: URL? { WebAddress.parse(photoUrl) }
  /// ``publishedAt`` as `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String? { DisplayDate.format(publishedAt) }
}
