import Foundation
import Presentation

/// A featured topic as the screen shows it.
public struct FeaturedTopicViewObject: Equatable, Codable, Sendable {
  /// The topic's id.
  public var id: Int
  /// The id of the featured content.
  public var featuredTopicsId: Int
  /// Out of five.
  public var rating: Double
  /// `nil` when the API's address is not a valid http(s) URL.
  public var thumbnailURL: URL?
  /// The topic's title.
  public var title: String
  /// The line under the title.
  public var caption: String
  /// `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String?

  /// Creates a view object.
  public init(
    id: Int, featuredTopicsId: Int, rating: Double, thumbnailURL: URL?, title: String, caption: String,
    publishedDate: String?
  ) {
    self.id = id
    self.featuredTopicsId = featuredTopicsId
    self.rating = rating
    self.thumbnailURL = thumbnailURL
    self.title = title
    self.caption = caption
    self.publishedDate = publishedDate
  }

  /// Maps the API entity: date as `yyyy/MM/dd`, an unparsable URL as `nil`.
  public init(_ entity: FeaturedTopic) {
    self.init(
      id: entity.id,
      featuredTopicsId: entity.featuredTopicsId,
      rating: entity.rating,
      thumbnailURL: WebAddress.parse(entity.thumbnailUrl),
      title: entity.title,
      caption: entity.caption,
      publishedDate: DisplayDate.format(entity.publishedAt)
    )
  }
}
