import CompositionRootTesting
import FixtureServer
import Foundation
import Persistence
import PersistenceSQLite
import Testing

/// Issue 34, item 1: files are whole on their own. After the built apps exit cleanly, `kumiki.sqlite` alone — what a
/// backup or a move copies — holds every saved item, setting and outbox entry; no `-wal` keeps data behind. The
/// response cache leaves its log for the next run (issue 38): the cache file with its `-wal` holds the answers. The
/// rows are written by this test through a database it keeps open beside the apps (as a running TUI keeps it beside
/// CLI commands): they reach the file only through the apps' exit, so no feature is named. A feature that saves
/// items checks the same with its own saves in its integration suite.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiDatabaseFilesEndToEndTests {
  static let savedAt = Date(timeIntervalSince1970: 1_795_000_000)

  /// Opens the database at `path` and writes three saved items, a setting and two outbox entries for an API this
  /// test never runs (so no app sends them); the database stays open, its writes in its log.
  static func openAndFill(_ path: String) async throws -> KumikiDatabase {
    let database = try KumikiDatabase.open(path: path)
    for id in [101, 102, 103] {
      try await database.savedItems.save(
        SavedItem(
          id: id, category: "test", dishName: "Dish \(id)", shopName: "Shop \(id)", introduction: "",
          photoURL: "https://example.com/\(id).jpg", savedAt: savedAt))
    }
    try await database.settings.set(.onboardingCompleted, true)
    for index in 1...2 {
      _ = try await database.outbox.add(
        OutboxWrite(
          api: "http://127.0.0.1:9/", method: .patch, path: "things/\(index)", headers: [],
          body: Data(#"{"n":\#(index)}"#.utf8), createdAt: savedAt, lastError: "cannot connect"))
    }
    return database
  }

  /// Copies `path`, and only it, into a fresh folder (kept by `folder`); returns the copy's path.
  static func copyAlone(_ path: String, into folder: TemporaryFolder) throws -> String {
    let copy = folder.path + "/copy-\(UUID().uuidString)-" + (path as NSString).lastPathComponent
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    return copy
  }

  /// Everything ``openAndFill(_:)`` wrote is in the database file at `path`.
  static func expectFilled(_ path: String, _ comment: Comment) async throws {
    let copy = try KumikiDatabase.open(path: path)
    defer { try? copy.close() }
    #expect(try await copy.savedItems.list().map(\.id) == [103, 102, 101], comment)
    #expect(try await copy.settings.get(.onboardingCompleted), comment)
    #expect(try await copy.outbox.entries().map(\.path) == ["things/1", "things/2"], comment)
  }

  /// The size of the file at `path`, 0 when there is none.
  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  @Test func afterACommandExitsTheDatabaseFileAloneHoldsEverythingAndTheCacheItsAnswers() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let reading = try await ReadingCommand.first()
    let path = folder.path + "/kumiki.sqlite"
    let beside = try await Self.openAndFill(path)
    #expect(Self.size(path + "-wal") > 0, "the rows are in the log before the command")

    let run = try await kumiki(reading.words, api: server.baseURL, folder: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.size(path + "-wal") == 0, "the command's exit emptied the log")
    try await Self.expectFilled(try Self.copyAlone(path, into: folder), "copied after the command exited")
    let cachePath = folder.path + "/kumiki-cache.sqlite"
    let cacheCopy = try Self.copyAlone(cachePath, into: folder)
    try FileManager.default.copyItem(atPath: cachePath + "-wal", toPath: cacheCopy + "-wal")
    let cache = try ResponseCacheDatabase.open(at: .file(path: cacheCopy))
    defer { cache.close() }
    #expect(try await cache.client.status().entries >= reading.requests.count, "the cache file with its log")

    // The other process quits too: the file stays whole.
    _ = try await beside.savedItems.unsave(101)
    try beside.close()
    let copy = try KumikiDatabase.open(path: try Self.copyAlone(path, into: folder))
    defer { try? copy.close() }
    #expect(try await copy.savedItems.list().map(\.id) == [103, 102])
  }

  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func afterTheTUIQuitsTheDatabaseFileAloneHoldsEverything() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let screens = try await CommandCatalog.tabs()
    let path = folder.path + "/kumiki.sqlite"
    let beside = try await Self.openAndFill(path)
    defer { try? beside.close() }
    #expect(Self.size(path + "-wal") > 0)

    let command = [
      BuiltBinary.path("kumiki-tui"), "--db", path, "--api", server.baseURL.absoluteString, "--features",
      screens.map(\.key).joined(separator: ","),
    ].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: command, environment: ["NO_COLOR": "1"])
    try await tmux.waitFor("the first tab, settled") {
      TUIScreenText.selectedTab($0) == "1 " + screens[0].title && TUIScreenText.statusBar($0).hasPrefix(" ready ")
    }
    try await tmux.quit()
    #expect(Self.size(path + "-wal") == 0, "the TUI's exit emptied the log")
    try await Self.expectFilled(try Self.copyAlone(path, into: folder), "copied after the TUI quit")
  }
}
