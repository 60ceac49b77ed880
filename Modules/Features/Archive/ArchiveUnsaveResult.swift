/// What the last unsave found: whether an item was removed from the saved items, and which.
///
/// Recorded by the reducer when the write answers (`.unsaveFinished`), so what is said about an unsave (`kumiki
/// archive unsave`) is what the store did, never guessed from the list read afterwards.
public struct ArchiveUnsaveResult: Equatable, Codable, Sendable {
  /// The item's id.
  public var id: Int
  /// The removed item's dish name, as it was saved (`nil` when nothing was removed).
  public var dishName: String?
  /// Whether an item was removed (`false`: it was not saved, nothing changed).
  public var removed: Bool

  /// Creates a result.
  public init(id: Int, dishName: String? = nil, removed: Bool) {
    self.id = id
    self.dishName = dishName
    self.removed = removed
  }
}
