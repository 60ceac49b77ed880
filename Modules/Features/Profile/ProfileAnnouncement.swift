/// An announcement as `/profile_announcement` sends it.
public struct ProfileAnnouncement: Equatable, Codable, Sendable {
  public var id: Int
  public var category: String
  public var title: String
  public var publishedAt: String
  public var description: String

  /// Creates an announcement; the fields mirror the API's.
  public init(id: Int, category: String, title: String, publishedAt: String, description: String) {
    self.id = id
    self.category = category
    self.title = title
    self.publishedAt = publishedAt
    self.description = description
  }
}
