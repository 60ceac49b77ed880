import Foundation
import GRDB
import Persistence

extension KumikiDatabase {
  /// Settings, stored as JSON per key in the `setting` table, with the `SettingsClient` contract.
  public var settings: SettingsClient {
    SettingsClient(
      load: { key throws(PersistenceError) in
        try await self.read("read setting \"\(key)\"") { db in
          try Data.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        }
      },
      store: { key, json throws(PersistenceError) in
        try await self.write("write setting \"\(key)\"") { db in
          try db.execute(
            sql:
              "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            arguments: [key, json])
        }
      },
      delete: { key throws(PersistenceError) in
        try await self.write("remove setting \"\(key)\"") { db in
          try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
      }
    )
  }
}
