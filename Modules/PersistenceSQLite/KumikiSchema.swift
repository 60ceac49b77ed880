import GRDB

/// The database schema as an ordered list of GRDB migrations. Each shipped migration is frozen: change the schema
/// only by appending a new one.
///
/// - `v1`: `savedItem` (the saved archive items, as the original app kept them in Realm) and `setting` (typed settings
///   as JSON, e.g. the former UserDefaults onboarding flag).
/// - `v2-saved-item-order`: an index matching the saved list's order (newest first).
/// - `v3-feature-state`: `featureState` (versioned JSON per feature) and `featureStateArchive` (records set aside).
/// - `v4-outbox`: `outbox`, the writes waiting to be sent, in order (`AUTOINCREMENT`: an id is never reused, so a
///   discarded entry's number never names a later write).
/// - `v5-outbox-expected`: `outbox.expected`, the changes a waiting write expects (JSON), shown again after a restart.
/// - `v6-outbox-idempotency-key`: `outbox.idempotencyKey`, the write's `Idempotency-Key` (text; `NULL` for rows kept
///   before it), sent again with every attempt.
/// - `v7-outbox-if-match`: `outbox.ifMatch`, the write's `If-Match` (text: the ETag of the item the screen showed;
///   `NULL`: sent whatever the server has), and the state `conflict` (a `412` to it).
public enum KumikiSchema {
  /// The migration identifiers, oldest first.
  public static let migrationIdentifiers = [
    "v1", "v2-saved-item-order", "v3-feature-state", "v4-outbox", "v5-outbox-expected",
    "v6-outbox-idempotency-key", "v7-outbox-if-match",
  ]

  /// The migrator that brings any earlier Kumiki database (or an empty file) to the current schema.
  public static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE savedItem (
            id INTEGER PRIMARY KEY NOT NULL,
            category TEXT NOT NULL,
            dishName TEXT NOT NULL,
            shopName TEXT NOT NULL,
            introduction TEXT NOT NULL,
            photoURL TEXT NOT NULL,
            savedAt REAL NOT NULL -- Date.timeIntervalSinceReferenceDate, exact
          );
          CREATE TABLE setting (
            key TEXT PRIMARY KEY NOT NULL,
            value BLOB NOT NULL -- JSON
          );
          """)
    }
    migrator.registerMigration("v2-saved-item-order") { db in
      try db.execute(sql: "CREATE INDEX savedItem_newestFirst ON savedItem (savedAt DESC, id DESC)")
    }
    migrator.registerMigration("v3-feature-state") { db in
      try db.execute(
        sql: """
          CREATE TABLE featureState (
            featureKey TEXT PRIMARY KEY NOT NULL,
            version INTEGER NOT NULL,
            data BLOB NOT NULL, -- JSON
            updatedAt REAL NOT NULL
          );
          CREATE TABLE featureStateArchive (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            featureKey TEXT NOT NULL,
            version INTEGER NOT NULL,
            data BLOB NOT NULL,
            reason TEXT NOT NULL,
            archivedAt REAL NOT NULL
          );
          CREATE INDEX featureStateArchive_featureKey ON featureStateArchive (featureKey, id);
          """)
    }
    migrator.registerMigration("v4-outbox") { db in
      try db.execute(
        sql: """
          CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            api TEXT NOT NULL,
            method TEXT NOT NULL,
            path TEXT NOT NULL,
            headers BLOB NOT NULL, -- JSON: [[name, value], ...]
            body BLOB,
            createdAt REAL NOT NULL, -- Date.timeIntervalSinceReferenceDate
            attempts INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL, -- pending | sending | outcome-unknown | refused
            lastError TEXT
          );
          """)
    }
    migrator.registerMigration("v5-outbox-expected") { db in
      // JSON: [[path, merge], ...]; NULL: none. (No SQL comment: SQLite appends the text to the table's schema.)
      try db.execute(sql: "ALTER TABLE outbox ADD COLUMN expected BLOB")
    }
    migrator.registerMigration("v6-outbox-idempotency-key") { db in
      try db.execute(sql: "ALTER TABLE outbox ADD COLUMN idempotencyKey TEXT")
    }
    migrator.registerMigration("v7-outbox-if-match") { db in
      try db.execute(sql: "ALTER TABLE outbox ADD COLUMN ifMatch TEXT")
    }
    return migrator
  }
}
