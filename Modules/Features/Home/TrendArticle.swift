import Foundation
import Presentation

/// A trend article as `/trend_articles` sends it, and as the Home state holds it: a field the API adds is added here,
/// and what the screen shows beyond the fields is computed below.
public struct TrendArticle: Equatable, Codable, Sendable {
  /// The article's id.
  public var id: Int
  /// The thumbnail's address, as sent (not necessarily a valid URL).
  public var thumbnailUrl: String
  /// The article's title.
  public var title: String
  /// The article's opening paragraph.
  public var introduction: String
  /// When the article was published: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var publishedAt: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, title, introduction
    case thumbnailUrl = "thumbnail_url"
    case publishedAt = "published_at"
  }

  /// Creates an article; the fields mirror the API's.
  public init(id: Int, thumbnailUrl: String, title: String, introduction: String, publishedAt: String) {
    self.id = id
    self.thumbnailUrl = thumbnailUrl
    self.title = title
    self.introduction = introduction
    self.publishedAt = publishedAt
  }
}

extension TrendArticle {
  /// ``thumbnailUrl`` when it is an absolute http(s) URL, otherwise `nil`.
  public var thumbnailURL: URL? { WebAddress.parse(thumbnailUrl) }
  /// ``publishedAt`` as `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String? { DisplayDate.format(publishedAt) }
}
