import Foundation
import Presentation

/// A featured topic as `/featured_topics` sends it, and as the Home state holds it: a field the API adds is added
/// here, and what the screen shows beyond the fields is computed below.
public struct FeaturedTopic: Equatable, Codable, Sendable {
  /// The topic's id.
  public var id: Int
  /// The id of the featured content (`featured_topics_id`).
  public var featuredTopicsId: Int
  /// Out of five.
  public var rating: Double
  /// The thumbnail's address, as sent (not necessarily a valid URL).
  public var thumbnailUrl: String
  /// The topic's title.
  public var title: String
  /// The line under the title.
  public var caption: String
  /// When the topic was published: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var publishedAt: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, rating, title, caption
    case featuredTopicsId = "featured_topics_id"
    case thumbnailUrl = "thumbnail_url"
    case publishedAt = "published_at"
  }

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

extension FeaturedTopic {
  /// ``thumbnailUrl`` when it is an absolute http(s) URL, otherwise `nil`.
  public var thumbnailURL: URL? { WebAddress.parse(thumbnailUrl) }
  /// ``publishedAt`` as `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String? { DisplayDate.format(publishedAt) }
}
