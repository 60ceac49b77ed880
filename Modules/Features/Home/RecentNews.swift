import Foundation
import Presentation

/// A news item as `/recent_news` sends it, and as the Home state holds it: a field the API adds is added here, and
/// what the screen shows beyond the fields is computed below.
public struct RecentNews: Equatable, Codable, Sendable {
  /// The news item's id.
  public var id: Int
  /// The thumbnail's address, as sent (not necessarily a valid URL).
  public var thumbnailUrl: String
  /// The headline.
  public var title: String
  /// The news category (お知らせ, …).
  public var newsCategory: String
  /// When the news was published: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var publishedAt: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, title
    case thumbnailUrl = "thumbnail_url"
    case newsCategory = "news_category"
    case publishedAt = "published_at"
  }

  /// Creates a news item; the fields mirror the API's.
  public init(id: Int, thumbnailUrl: String, title: String, newsCategory: String, publishedAt: String) {
    self.id = id
    self.thumbnailUrl = thumbnailUrl
    self.title = title
    self.newsCategory = newsCategory
    self.publishedAt = publishedAt
  }
}

extension RecentNews {
  /// ``thumbnailUrl`` when it is an absolute http(s) URL, otherwise `nil`.
  public var thumbnailURL: URL? { WebAddress.parse(thumbnailUrl) }
  /// ``publishedAt`` as `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String? { DisplayDate.format(publishedAt) }
}
