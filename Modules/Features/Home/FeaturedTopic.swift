/// A featured topic as `/featured_topics` sends it.
public struct FeaturedTopic: Equatable, Codable, Sendable {
  public var id: Int
  public var featuredTopicsId: Int
  /// Out of five.
  public var rating: Double
  public var thumbnailUrl: String
  public var title: String
  public var caption: String
  public var publishedAt: String

  /// Creates a topic; the fields mirror the API's.
  public init(
    id: Int, featuredTopicsId: Int, rating: Double, thumbnailUrl: String, title: String, caption: String,
    publishedAt: String
  ) {
    self.id = id
    self.featuredTopicsId = featuredTopicsId
    self.rating = rating
    self.thumbnailUrl = thumbnailUrl
    self.title = title
    self.caption = caption
    self.publishedAt = publishedAt
  }
}
