import Presentation

/// One row of the information block as the screen and `kumiki profile` show it, whichever tab it belongs to: computed
/// from an announcement, a comment or a recent favourite (``ProfileContent/items(_:)``), never held in the state.
public struct InformationItem: Equatable, Sendable {
  /// The item's id within its tab.
  public var id: Int
  /// The category (announcements, recent favourites) or the emotion (comments).
  public var label: String
  /// The item's title.
  public var title: String
  /// `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var publishedDate: String?
  /// The same timestamp in ISO 8601 UTC (`2023-03-20T00:00:00Z`), as `--json` prints it; `nil` when unreadable.
  public var publishedTimestamp: String?
  /// The description (announcements, recent favourites) or the comment (comments).
  public var body: String

  /// Creates an item.
  public init(
    id: Int, label: String, title: String, publishedDate: String?, publishedTimestamp: String? = nil, body: String
  ) {
    self.id = id
    self.label = label
    self.title = title
    self.publishedDate = publishedDate
    self.publishedTimestamp = publishedTimestamp
    self.body = body
  }

  /// An announcement: label = category, body = description.
  public init(_ announcement: ProfileAnnouncement) {
    self.init(
      id: announcement.id, label: announcement.category, title: announcement.title,
      publishedDate: DisplayDate.format(announcement.publishedAt),
      publishedTimestamp: DisplayDate.iso8601(announcement.publishedAt), body: announcement.description)
  }

  /// A comment: label = emotion, body = comment.
  public init(_ comment: ProfileComment) {
    self.init(
      id: comment.id, label: comment.emotion, title: comment.title,
      publishedDate: DisplayDate.format(comment.publishedAt),
      publishedTimestamp: DisplayDate.iso8601(comment.publishedAt), body: comment.comment)
  }

  /// A recent favourite: label = category, body = description.
  public init(_ favorite: ProfileRecentFavorite) {
    self.init(
      id: favorite.id, label: favorite.category, title: favorite.title,
      publishedDate: DisplayDate.format(favorite.publishedAt),
      publishedTimestamp: DisplayDate.iso8601(favorite.publishedAt), body: favorite.description)
  }
}
