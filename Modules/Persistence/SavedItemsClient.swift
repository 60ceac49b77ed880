/// The saved ("bookmarked") archive items, as a struct of closures so features can swap the live SQLite store for a
/// fake.
///
/// Contract, shared by every implementation:
/// - `save` is idempotent: saving an id that is already saved keeps one entry, refreshes its display fields and keeps
///   its original `savedAt` (so the list order does not jump).
/// - `unsave` returns the item it removed, so callers can say what happened: `nil` for an id that is not saved,
///   which changes nothing.
/// - `list` is newest first (`SavedItem.newestFirst`); `allIDs` is the set of saved ids.
/// - Once a write returns, it is durable and visible to every reader, in this process and others.
/// - `observe` yields the current list at once, then a new list after every change — made here, by another store on
///   the same file, or by another process — never the same list twice in a row. It ends with an error if the
///   database becomes unreadable, and stops its work when the consumer stops iterating.
/// Every operation throws only `PersistenceError` (typed), never crashes.
public struct SavedItemsClient: Sendable {
  /// Saves an item (idempotent; see the type's contract).
  public var save: @Sendable (_ item: SavedItem) async throws(PersistenceError) -> Void
  /// Removes the item with this id, if saved, and returns it (`nil`: it was not saved, nothing changed).
  public var unsave: @Sendable (_ id: Int) async throws(PersistenceError) -> SavedItem?
  /// All saved items, newest first.
  public var list: @Sendable () async throws(PersistenceError) -> [SavedItem]
  /// Whether the item with this id is saved.
  public var contains: @Sendable (_ id: Int) async throws(PersistenceError) -> Bool
  /// The ids of all saved items.
  public var allIDs: @Sendable () async throws(PersistenceError) -> Set<Int>
  /// The saved list now and after each change (see the type's contract). Errors thrown are `PersistenceError`.
  public var observe: @Sendable () -> AsyncThrowingStream<[SavedItem], any Error>

  /// Creates a client from its operations.
  public init(
    save: @escaping @Sendable (_ item: SavedItem) async throws(PersistenceError) -> Void,
    unsave: @escaping @Sendable (_ id: Int) async throws(PersistenceError) -> SavedItem?,
    list: @escaping @Sendable () async throws(PersistenceError) -> [SavedItem],
    contains: @escaping @Sendable (_ id: Int) async throws(PersistenceError) -> Bool,
    allIDs: @escaping @Sendable () async throws(PersistenceError) -> Set<Int>,
    observe: @escaping @Sendable () -> AsyncThrowingStream<[SavedItem], any Error>
  ) {
    self.save = save
    self.unsave = unsave
    self.list = list
    self.contains = contains
    self.allIDs = allIDs
    self.observe = observe
  }
}
