import Foundation
import Presentation

/// A news item as the screen shows it.
public struct RecentNewsViewObject: Equatable, Codable, Sendable {
  /// The news item's id.
  public var id: Int
  /// `nil` when the API's address is not a valid http(s) URL.
  public var thumbnailURL: URL?
  /// The headline.
  public var title: String
  /// The news category (お知らせ, …).
  public var newsCategory: String
  /// `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String?

  /// Creates a view object.
  public init(id: Int, thumbnailURL: URL?, title: String, newsCategory: String, publishedDate: String?) {
    self.id = id
    self.thumbnailURL = thumbnailURL
    self.title = title
    self.newsCategory = newsCategory
    self.publishedDate = publishedDate
  }

  /// Maps the API entity: date as `yyyy/MM/dd`, an unparsable URL as `nil`.
  public init(_ entity: RecentNews) {
    self.init(
      id: entity.id,
      thumbnailURL: WebAddress.parse(entity.thumbnailUrl),
      title: entity.title,
      newsCategory: entity.newsCategory,
      publishedDate: DisplayDate.format(entity.publishedAt)
    )
  }
}
