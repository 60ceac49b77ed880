import Foundation
import GRDB
import Persistence

extension KumikiDatabase {
  /// The saved items, stored in the `savedItem` table, with the `SavedItemsClient` contract.
  ///
  /// `observe` combines a GRDB region observation (commits through this database, seen at once) with the database's
  /// watcher of commits by other processes or other connections to the same file (``externalChanges()``), which GRDB
  /// observations cannot see.
  public var savedItems: SavedItemsClient {
    SavedItemsClient(
      save: { item throws(PersistenceError) in
        try await self.write("save item \(item.id)") { db in
          try db.execute(
            sql: """
              INSERT INTO savedItem (\(SavedItem.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (id) DO UPDATE SET
                category = excluded.category, dishName = excluded.dishName, shopName = excluded.shopName,
                introduction = excluded.introduction, photoURL = excluded.photoURL
              """,
            arguments: item.databaseArguments)
        }
      },
      unsave: { id throws(PersistenceError) in
        try await self.write("unsave item \(id)") { db in
          let removed = try Row.fetchOne(
            db, sql: "SELECT \(SavedItem.columns) FROM savedItem WHERE id = ?", arguments: [id]
          ).map { SavedItem.decode($0).item }
          try db.execute(sql: "DELETE FROM savedItem WHERE id = ?", arguments: [id])
          return removed
        }
      },
      list: { () throws(PersistenceError) in
        try await self.read("list saved items", Self.fetchSavedItems)
      },
      contains: { id throws(PersistenceError) in
        try await self.read("look up saved item \(id)") { db in
          try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM savedItem WHERE id = ?)", arguments: [id]) ?? false
        }
      },
      allIDs: { () throws(PersistenceError) in
        try await self.read("list saved ids") { db in
          Set(try Int.fetchAll(db, sql: "SELECT id FROM savedItem"))
        }
      },
      observe: { SavedItemsObservation(database: self).stream() }
    )
  }

  /// All saved items that can be read, newest first. A row that cannot be read (``SavedItem/decode(_:)``) is left
  /// out, and left in the file untouched: it is not provably Kumiki's to drop (``unreadableRows()`` names it for the
  /// user; `unsave` of its id removes it).
  @Sendable static func fetchSavedItems(_ db: Database) throws -> [SavedItem] {
    try Row.fetchAll(db, sql: "SELECT \(SavedItem.columns) FROM savedItem ORDER BY savedAt DESC, id DESC")
      .compactMap { row in
        let (item, problem) = SavedItem.decode(row)
        return problem == nil ? item : nil
      }
  }
}
