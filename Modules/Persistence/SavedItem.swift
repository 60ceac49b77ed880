import Foundation

/// An archive item the reader saved, with everything needed to show the saved list offline.
///
/// `id` is the archive item's id from the API; it is the identity of a saved item (saving the same id twice keeps
/// one entry). `savedAt` orders the saved list, newest first.
public struct SavedItem: Codable, Equatable, Hashable, Identifiable, Sendable {
  /// The archive item's id, unique among saved items.
  public var id: Int
  /// The magazine category the item belongs to (e.g. "ramen").
  public var category: String
  /// The dish's name.
  public var dishName: String
  /// The shop's name.
  public var shopName: String
  /// The item's introduction text.
  public var introduction: String
  /// The photo's URL, as the API gave it (kept as text so an unusual URL is never lost).
  public var photoURL: String
  /// When the item was first saved.
  public var savedAt: Date

  /// Creates a saved item from its fields.
  public init(
    id: Int, category: String, dishName: String, shopName: String, introduction: String, photoURL: String,
    savedAt: Date
  ) {
    self.id = id
    self.category = category
    self.dishName = dishName
    self.shopName = shopName
    self.introduction = introduction
    self.photoURL = photoURL
    self.savedAt = savedAt
  }
}

extension SavedItem {
  /// The saved-list order: newest `savedAt` first, then higher `id` first, so the order is total and stable.
  public static func newestFirst(_ lhs: SavedItem, _ rhs: SavedItem) -> Bool {
    lhs.savedAt != rhs.savedAt ? lhs.savedAt > rhs.savedAt : lhs.id > rhs.id
  }
}
