import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// `featureState` and `featureStateArchive` rows that Kumiki did not write, read back from a real SQLite file: an
/// unreadable state reads as none (the feature starts fresh) and is archived, not lost, when the feature saves; an
/// unreadable archived record is listed saying why. Never a trap: before the fix, loading such a row trapped the
/// process (SIGILL).
@Suite struct FeatureStateRowTests {
  static let key = "archive.filters"

  /// A database file whose `featureState` (loosened: values stored as written) holds `key` with `version, data`.
  static func database(_ values: String, in directory: TemporaryDirectory) async throws -> KumikiDatabase {
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    try await database.featureState.save("other", 1, Data("{}".utf8))
    try await HostileRows.edit(path) { db in
      try HostileRows.loosen("featureState", primaryKey: "featureKey PRIMARY KEY", in: db)
      try db.execute(
        sql: "INSERT INTO featureState (featureKey, version, data, updatedAt) VALUES (?, \(values), 0)",
        arguments: [Self.key])
    }
    return database
  }

  static let cases: [(String, String)] = [
    (#"'two', '{"a":1}'"#, "version is text, not an integer"),
    (#"2.5, '{"a":1}'"#, "version is a real number, not an integer"),
    (#"NULL, '{"a":1}'"#, "version is NULL, not an integer"),
    ("2, 42", "data is an integer, not bytes"),
    ("2, 9e999", "data is a real number, not bytes"),
    ("2, NULL", "data is NULL, not bytes"),
  ]

  @Test(arguments: cases) func anUnreadableStateReadsAsNoneAndIsArchivedWhenReplaced(
    values: String, why: String
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try await Self.database(values, in: directory)
    defer { try? database.close() }
    let store = database.featureState
    #expect(try await store.load(Self.key) == nil)
    #expect(try await store.load("other") == StoredFeatureState(version: 1, data: Data("{}".utf8)))
    let lines = try await database.unreadableRows()
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("the saved state of '\(Self.key)' cannot be read (\(why)") == true, "\(lines)")

    // The feature starts fresh and saves (same version as the stored one, even): the old record is kept aside.
    try await store.save(Self.key, 2, Data(#"{"b":2}"#.utf8))
    #expect(try await store.load(Self.key) == StoredFeatureState(version: 2, data: Data(#"{"b":2}"#.utf8)))
    let archived = try await store.archived(Self.key)
    #expect(archived.count == 1)
    #expect(archived.first?.reason.contains("replaced by version 2") == true, "\(archived)")
    #expect(try await database.unreadableRows() == [])
  }

  @Test func anUnreadableStateIsSetAsideLikeAnyOther() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try await Self.database("'two', 42", in: directory)
    defer { try? database.close() }
    try await database.featureState.setAside(Self.key, "unreadable")
    #expect(try await database.featureState.load(Self.key) == nil)
    #expect(try await database.featureState.archived(Self.key).map(\.reason).count == 1)
    #expect(try await database.unreadableRows() == [])
  }

  /// Archived records someone damaged are listed with what could be read, the reason saying why.
  @Test func anUnreadableArchivedRecordIsListedSayingWhy() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    defer { try? database.close() }
    try await HostileRows.edit(path) { db in
      try HostileRows.loosen("featureStateArchive", primaryKey: "id INTEGER PRIMARY KEY AUTOINCREMENT", in: db)
      try db.execute(
        sql: """
          INSERT INTO featureStateArchive (featureKey, version, data, reason, archivedAt) VALUES
            (?1, 'x', X'7B7D', 'replaced', 1.0),
            (?1, 1, 42, 'replaced', 1.0),
            (?1, 1, X'7B7D', NULL, 'now'),
            (?1, 3, X'7B7D', 'replaced by version 4', 9e999),
            (?1, 2, '{}', 'replaced by version 3', 5.0)
          """, arguments: [Self.key])
    }
    let archived = try await database.featureState.archived(Self.key)
    #expect(
      archived.map(\.reason) == [
        "unreadable archived record (version is text, not an integer): replaced",
        "unreadable archived record (data is an integer, not bytes): replaced",
        "unreadable archived record (reason is NULL, not text)",
        "unreadable archived record (archivedAt inf is not a time): replaced by version 4",
        "replaced by version 3",
      ])
    #expect(
      archived.last
        == ArchivedFeatureState(
          featureKey: Self.key, version: 2, data: Data("{}".utf8), reason: "replaced by version 3",
          archivedAt: Date(timeIntervalSinceReferenceDate: 5)))
  }
}
