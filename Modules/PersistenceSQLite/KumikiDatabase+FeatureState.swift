import Foundation
import GRDB
import Persistence

extension KumikiDatabase {
  /// Per-feature persisted state in the `featureState` table, with set-aside records in `featureStateArchive`, with
  /// the `FeatureStateStore` contract (a replaced record of another version is archived in the same transaction).
  public var featureState: FeatureStateStore {
    FeatureStateStore(
      load: { featureKey throws(PersistenceError) in
        try await self.read("read the state of \"\(featureKey)\"") { db in
          try Row.fetchOne(
            db, sql: "SELECT version, data FROM featureState WHERE featureKey = ?", arguments: [featureKey]
          ).map { StoredFeatureState(version: $0["version"], data: $0["data"]) }
        }
      },
      save: { featureKey, version, data throws(PersistenceError) in
        try await self.write("save the state of \"\(featureKey)\"") { db in
          let now = Date().timeIntervalSinceReferenceDate
          try Self.archive(
            db, featureKey: featureKey, reason: "replaced by version \(version)", now: now,
            onlyIfVersionIsNot: version)
          try db.execute(
            sql: """
              INSERT INTO featureState (featureKey, version, data, updatedAt) VALUES (?, ?, ?, ?)
              ON CONFLICT (featureKey) DO UPDATE SET
                version = excluded.version, data = excluded.data, updatedAt = excluded.updatedAt
              """,
            arguments: [featureKey, version, data, now])
        }
      },
      setAside: { featureKey, reason throws(PersistenceError) in
        try await self.write("set aside the state of \"\(featureKey)\"") { db in
          let now = Date().timeIntervalSinceReferenceDate
          if try Self.archive(db, featureKey: featureKey, reason: reason, now: now) {
            try db.execute(sql: "DELETE FROM featureState WHERE featureKey = ?", arguments: [featureKey])
          }
        }
      },
      archived: { featureKey throws(PersistenceError) in
        try await self.read("list the set-aside states of \"\(featureKey)\"") { db in
          try Row.fetchAll(
            db,
            sql: """
              SELECT featureKey, version, data, reason, archivedAt FROM featureStateArchive
              WHERE featureKey = ? ORDER BY id
              """,
            arguments: [featureKey]
          ).map { row in
            ArchivedFeatureState(
              featureKey: row["featureKey"], version: row["version"], data: row["data"], reason: row["reason"],
              archivedAt: Date(timeIntervalSinceReferenceDate: row["archivedAt"]))
          }
        }
      }
    )
  }

  /// Copies the feature's current record into the archive (unless its version is `keptVersion`); returns whether it
  /// did.
  @discardableResult
  private static func archive(
    _ db: Database, featureKey: String, reason: String, now: Double, onlyIfVersionIsNot keptVersion: Int? = nil
  ) throws -> Bool {
    try db.execute(
      sql: """
        INSERT INTO featureStateArchive (featureKey, version, data, reason, archivedAt)
        SELECT featureKey, version, data, ?, ? FROM featureState
        WHERE featureKey = ? AND (? IS NULL OR version <> ?)
        """,
      arguments: [reason, now, featureKey, keptVersion, keptVersion])
    return db.changesCount > 0
  }
}
