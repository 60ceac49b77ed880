import GRDB

/// Hand edits of a real SQLite file, as another version, a user with `sqlite3` or a damaged file could make them.
enum HostileRows {
  /// Recreates `table` with its columns untyped and unconstrained but its primary key (`primaryKey`, e.g.
  /// `id INTEGER PRIMARY KEY`), rows and indexes kept, so values are stored exactly as written (a column's type
  /// would turn `42` into `'42'` in a TEXT column) and `NULL` is accepted anywhere.
  static func loosen(_ table: String, primaryKey: String, in db: Database) throws {
    let columns = try db.columns(in: table).map(\.name)
    let key = String(primaryKey.prefix { $0 != " " })
    let indexes = try String.fetchAll(
      db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
      arguments: [table])
    let others = columns.filter { $0 != key }.joined(separator: ", ")
    try db.execute(
      sql: """
        ALTER TABLE \(table) RENAME TO \(table)_typed;
        CREATE TABLE \(table) (\(primaryKey), \(others));
        INSERT INTO \(table) SELECT * FROM \(table)_typed;
        DROP TABLE \(table)_typed;
        """)
    for index in indexes { try db.execute(sql: index) }
  }

  /// Runs `body` on its own connection to the file at `path` (closed after).
  static func edit(_ path: String, _ body: @escaping @Sendable (Database) throws -> Void) async throws {
    let raw = try DatabaseQueue(path: path)
    try await raw.write(body)
    try raw.close()
  }
}
