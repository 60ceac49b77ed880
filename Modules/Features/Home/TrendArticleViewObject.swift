import Foundation
import Presentation

/// A trend article as the screen shows it.
public struct TrendArticleViewObject: Equatable, Codable, Sendable {
  /// The article's id.
  public var id: Int
  /// `nil` when the API's address is not a valid http(s) URL.
  public var thumbnailURL: URL?
  /// The article's title.
  public var title: String
  /// The article's opening paragraph.
  public var introduction: String
  /// `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String?

  /// Creates a view object.
  public init(id: Int, thumbnailURL: URL?, title: String, introduction: String, publishedDate: String?) {
    self.id = id
    self.thumbnailURL = thumbnailURL
    self.title = title
    self.introduction = introduction
    self.publishedDate = publishedDate
  }

  /// Maps the API entity: date as `yyyy/MM/dd`, an unparsable URL as `nil`.
  public init(_ entity: TrendArticle) {
    self.init(
      id: entity.id,
      thumbnailURL: WebAddress.parse(entity.thumbnailUrl),
      title: entity.title,
      introduction: entity.introduction,
      publishedDate: DisplayDate.format(entity.publishedAt)
    )
  }
}
