/// A trend article as `/trend_articles` sends it.
public struct TrendArticle: Equatable, Codable, Sendable {
  public var id: Int
  public var thumbnailUrl: String
  public var title: String
  public var introduction: String
  public var publishedAt: String

  /// Creates an article; the fields mirror the API's.
  public init(id: Int, thumbnailUrl: String, title: String, introduction: String, publishedAt: String) {
    self.id = id
    self.thumbnailUrl = thumbnailUrl
    self.title = title
    self.introduction = introduction
    self.publishedAt = publishedAt
  }
}
