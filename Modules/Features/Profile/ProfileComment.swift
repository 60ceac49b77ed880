/// One of the member's comments as `/profile_comment` sends it.
public struct ProfileComment: Equatable, Codable, Sendable {
  public var id: Int
  public var emotion: String
  public var title: String
  public var publishedAt: String
  public var comment: String

  /// Creates a comment; the fields mirror the API's.
  public init(id: Int, emotion: String, title: String, publishedAt: String, comment: String) {
    self.id = id
    self.emotion = emotion
    self.title = title
    self.publishedAt = publishedAt
    self.comment = comment
  }
}
