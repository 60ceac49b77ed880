/// A news item as `/recent_news` sends it.
public struct RecentNews: Equatable, Codable, Sendable {
  public var id: Int
  public var thumbnailUrl: String
  public var title: String
  public var newsCategory: String
  public var publishedAt: String

  /// Creates a news item; the fields mirror the API's.
  public init(id: Int, thumbnailUrl: String, title: String, newsCategory: String, publishedAt: String) {
    self.id = id
    self.thumbnailUrl = thumbnailUrl
    self.title = title
    self.newsCategory = newsCategory
    self.publishedAt = publishedAt
  }
}
