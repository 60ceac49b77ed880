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
          ).flatMap { Self.decodeFeatureState($0).state }
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
          ).map { row in Self.decodeArchivedFeatureState(row, featureKey: featureKey) }
        }
      }
    )
  }

  /// Copies the feature's current record into the archive (unless its version is `keptVersion` and it can be read);
  /// returns whether it did. A record that cannot be read is always kept aside before it is replaced.
  @discardableResult
  private static func archive(
    _ db: Database, featureKey: String, reason: String, now: Double, onlyIfVersionIsNot keptVersion: Int? = nil
  ) throws -> Bool {
    try db.execute(
      sql: """
        INSERT INTO featureStateArchive (featureKey, version, data, reason, archivedAt)
        SELECT featureKey, IFNULL(version, 0), IFNULL(data, X''), ?, ? FROM featureState
        WHERE featureKey = ? AND (? IS NULL OR version IS NOT ? OR \(Self.unreadableFeatureState))
        """,
      arguments: [reason, now, featureKey, keptVersion, keptVersion])
    return db.changesCount > 0
  }

  /// SQL true for a `featureState` row that `decodeFeatureState` cannot read (by its columns' types).
  static let unreadableFeatureState = "typeof(version) <> 'integer' OR typeof(data) NOT IN ('blob', 'text')"

  /// A `featureState` row (`version`, `data`), its types checked, or why it cannot be read: then `load` answers as
  /// if nothing were stored (the feature starts fresh) and the row stays, to be archived when the feature saves.
  static func decodeFeatureState(_ row: Row) -> (state: StoredFeatureState?, problem: String?) {
    var reader = RowReader(row: row)
    let version = reader.integer("version", in: Int64(Int.min)...Int64(Int.max))
    let data = reader.bytes("data", bound: Int.max)
    guard let version, let data else { return (nil, reader.problem) }
    return (StoredFeatureState(version: version, data: data), nil)
  }

  /// A `featureStateArchive` row, its types checked: what cannot be read is shown as `0`, no bytes or the reference
  /// date, and the reason says why, so an archive someone damaged is still listed, never a trap.
  static func decodeArchivedFeatureState(_ row: Row, featureKey: String) -> ArchivedFeatureState {
    var reader = RowReader(row: row)
    let version = reader.integer("version", in: Int64(Int.min)...Int64(Int.max)) ?? 0
    let data = reader.bytes("data", bound: Int.max) ?? Data()
    let reason = reader.text("reason", bound: 64 << 10, nonEmpty: false, controls: true) ?? ""
    let archivedAt = reader.time("archivedAt") ?? Date(timeIntervalSinceReferenceDate: 0)
    let shown = reader.problem.map { "unreadable archived record (\($0))" + (reason.isEmpty ? "" : ": \(reason)") }
    return ArchivedFeatureState(
      featureKey: featureKey, version: version, data: data, reason: shown ?? reason, archivedAt: archivedAt)
  }
}
