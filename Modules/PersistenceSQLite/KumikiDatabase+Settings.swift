import Foundation
import GRDB
import Persistence

extension KumikiDatabase {
  /// Settings, stored as JSON per key in the `setting` table, with the `SettingsClient` contract.
  public var settings: SettingsClient {
    SettingsClient(
      load: { key throws(PersistenceError) in
        // The value's type is checked (a row is input): one that is not bytes is a value that does not decode.
        let read = try await self.read("read setting \"\(key)\"") { db -> (Data?, String?) in
          guard let row = try Row.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
          else { return (nil, nil) }
          var reader = RowReader(row: row)
          let value = reader.bytes("value", bound: Int.max)
          return (value, reader.problem)
        }
        if let problem = read.1 { throw .decodingFailed(key: key, reason: problem) }
        return read.0
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
