import CompositionRootTesting
import FixtureServer
import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// Issue 34, rows read from disk are input, with the built `kumiki`: a saved item row with a wrongly typed column
/// (`savedAt` as text, as a hand edit or another version could leave it) made every command that lists saved items
/// exit 132 (SIGILL). Now every command of every feature that takes no argument runs (none is killed by a signal),
/// the user is told once which item cannot be read and why, and the row is left in the file untouched.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiDatabaseRowsEndToEndTests {
  @Test func aHostileSavedItemRowNeverCrashesACommandAndIsNamedAndKept() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let path = folder.path + "/kumiki.sqlite"
    let database = try KumikiDatabase.open(path: path)
    try await database.savedItems.save(
      SavedItem(
        id: 12, category: "ramen", dishName: "Dish", shopName: "Shop", introduction: "Intro", photoURL: "u",
        savedAt: Date(timeIntervalSinceReferenceDate: 800_000_000)))
    try database.close()
    let raw = try DatabaseQueue(path: path)
    try await raw.write { db in
      try db.execute(
        sql: """
          INSERT INTO savedItem (id, category, dishName, shopName, introduction, photoURL, savedAt)
          VALUES (7, 'ramen', 'Dish', 'Shop', 'Intro', 'u', 'yesterday')
          """)
    }
    try raw.close()

    let catalog = try await CommandCatalog.load(BuiltBinary.path("kumiki"))
    let commands = catalog.commands.filter(\.positionals.isEmpty)
    #expect(!commands.isEmpty)
    for command in commands {
      let result = try await kumiki(command.words, api: server.baseURL, folder: folder)
      #expect(!result.signalled, "\(command.words): killed by signal \(result.status)")
      #expect(result.status == 0 || result.status == 1 || result.status == 64, "\(command.words): \(result.stderr)")
      #expect(
        result.stderr.contains("saved item 7 cannot be read (savedAt is text, not a time)"),
        "\(command.words): \(result.stderr)")
    }

    let reopened = try DatabaseQueue(path: path)
    defer { try? reopened.close() }
    let kept = try await reopened.read { db in
      try String.fetchOne(db, sql: "SELECT savedAt FROM savedItem WHERE id = 7")
    }
    #expect(kept == "yesterday")
  }
}
