import Foundation
import Persistence

/// A saved item as the Saved view shows it: the item and when it was saved. Built from persistence only, so the
/// Saved view works offline.
public struct SavedArchiveItem: Hashable, Codable, Sendable, Identifiable {
  /// The saved item.
  public var item: ArchiveItem
  /// When it was first saved.
  public var savedAt: Date

  /// Creates an entry.
  public init(item: ArchiveItem, savedAt: Date) {
    self.item = item
    self.savedAt = savedAt
  }

  /// The entry for a stored `SavedItem` (its photo text as the API sent it, parsed where it is shown).
  public init(_ saved: SavedItem) {
    self.init(
      item: ArchiveItem(
        id: saved.id, photoUrl: saved.photoURL, category: saved.category, dishName: saved.dishName,
        shopName: saved.shopName, introduction: saved.introduction),
      savedAt: saved.savedAt)
  }

  /// The item's id.
  public var id: Int { item.id }
}

extension SavedItem {
  /// The record that saves `item` at `savedAt`.
  init(_ item: ArchiveItem, savedAt: Date) {
    self.init(
      id: item.id, category: item.category, dishName: item.dishName, shopName: item.shopName,
      introduction: item.introduction, photoURL: item.photoUrl, savedAt: savedAt)
  }
}
