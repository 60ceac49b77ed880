/// One of the member's comments as `/profile_comment` sends it.
public struct ProfileComment: Equatable, Codable, Sendable {
  /// The comment's id.
  public var id: Int
  /// How the member felt (`excited`, …).
  public var emotion: String
  /// The comment's title.
  public var title: String
  /// When it was published: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var publishedAt: String
  /// The comment's text.
  public var comment: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, emotion, title, comment
    case publishedAt = "published_at"
  }

  /// Creates a comment; the fields mirror the API's.
  public init(id: Int, emotion: String, title: String, publishedAt: String, comment: String) {
    self.id = id
    self.emotion = emotion
    self.title = title
    self.publishedAt = publishedAt
    self.comment = comment
  }
}
