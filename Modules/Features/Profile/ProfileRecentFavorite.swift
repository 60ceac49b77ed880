/// A recent favourite as `/profile_recent_favorite` sends it.
public struct ProfileRecentFavorite: Equatable, Codable, Sendable {
  /// The favourite's id.
  public var id: Int
  /// The favourite's category (カレー, …).
  public var category: String
  /// The favourite's title.
  public var title: String
  /// When it was published: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var publishedAt: String
  /// The favourite's text.
  public var description: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, category, title, description
    case publishedAt = "published_at"
  }

  /// Creates a recent favourite; the fields mirror the API's.
  public init(id: Int, category: String, title: String, publishedAt: String, description: String) {
    self.id = id
    self.category = category
    self.title = title
    self.publishedAt = publishedAt
    self.description = description
  }
}
