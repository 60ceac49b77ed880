import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

private typealias PersistenceError = Persistence.PersistenceError

/// Migrations: from an empty file, and from every earlier schema version with data in it.
@Suite struct KumikiSchemaTests {
  @Test func anEmptyFileIsMigratedToTheCurrentSchema() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    _ = FileManager.default.createFile(atPath: path, contents: Data())
    let database = try KumikiDatabase.open(path: path)
    #expect(database.recoveredFrom == nil)
    try database.close()
    let raw = try DatabaseQueue(path: path)
    let (migrations, tables, indexes) = try await raw.read { db in
      (
        try KumikiSchema.migrator.completedMigrations(db),
        try ["savedItem", "setting", "featureState", "featureStateArchive"].filter { try db.tableExists($0) },
        try db.indexes(on: "savedItem").map(\.name)
      )
    }
    #expect(migrations == KumikiSchema.migrationIdentifiers)
    #expect(tables == ["savedItem", "setting", "featureState", "featureStateArchive"])
    #expect(indexes.contains("savedItem_newestFirst"))
  }

  /// Every version but the last: migrate a file up to it, fill it as that version of Kumiki would, then open it —
  /// also as the CLI opens it (`readOnlyUntilWrite`), which reads what is applied before choosing read-only
  /// connections: a file one migration short is migrated all the same.
  @Test(arguments: KumikiSchema.migrationIdentifiers.dropLast(), [false, true])
  func aDatabaseAtAnEarlierVersionIsMigratedKeepingItsData(version: String, readOnlyUntilWrite: Bool) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let old = try DatabaseQueue(path: path)
    try KumikiSchema.migrator.migrate(old, upTo: version)
    try await old.write { db in
      try db.execute(
        sql: "INSERT INTO savedItem VALUES (7, 'ramen', 'Dish 7', 'Shop 7', 'Introduction 7', ?, ?)",
        arguments: ["https://example.com/photos/7.jpg", 7.0])
      try db.execute(sql: "INSERT INTO setting VALUES ('onboarding.completed', ?)", arguments: [Data("true".utf8)])
    }
    try old.close()

    let database = try KumikiDatabase.open(
      path: path, options: DatabaseOptions(readOnlyUntilWrite: readOnlyUntilWrite))
    #expect(try await database.savedItems.list() == [item(7)])
    #expect(try await database.settings.get(.onboardingCompleted))
    try await database.featureState.save("archive.filters", 1, Data("{}".utf8))
    #expect(try await database.featureState.load("archive.filters")?.version == 1)
    try database.close()
    let raw = try DatabaseQueue(path: path)
    #expect(try await raw.read(KumikiSchema.migrator.completedMigrations) == KumikiSchema.migrationIdentifiers)
  }

  /// Refused however it is opened: also as the CLI opens it (`readOnlyUntilWrite`), whose check of the applied
  /// migrations sees every one of this version's and one more.
  @Test(arguments: [false, true])
  func aDatabaseFromANewerKumikiIsRefusedAndLeftUntouched(readOnlyUntilWrite: Bool) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    try await database.savedItems.save(item(1))
    try database.close()
    let raw = try DatabaseQueue(path: path)
    try await raw.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')") }
    try raw.close()

    // Closed cleanly (no frames in the log): the CLI's open reads what is applied on a read-only connection first.
    #expect(((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) == 0)
    #expect(throws: PersistenceError.newerSchema(path: path, unknownMigrations: ["v99-from-the-future"])) {
      try KumikiDatabase.open(path: path, options: DatabaseOptions(readOnlyUntilWrite: readOnlyUntilWrite))
    }
    #expect(try directory.contents().allSatisfy { !$0.contains("corrupt") })
    let check = try DatabaseQueue(path: path)
    #expect(try await check.read { try Int.fetchAll($0, sql: "SELECT id FROM savedItem") } == [1])
  }

  @Test(.timeLimit(.minutes(1))) func severalStoresOpeningANewFileAtOnceAllSucceed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for id in 1...4 {
        group.addTask {
          let database = try KumikiDatabase.open(path: path)
          try await database.savedItems.save(item(id))
        }
      }
      try await group.waitForAll()
    }
    #expect(try await KumikiDatabase.open(path: path).savedItems.allIDs() == [1, 2, 3, 4])
  }
}
