import CompositionRootTesting
import FixtureServer
import Foundation
import PersistenceSQLite
import Testing

/// Issue 34, item 1, with Archive's own saves: items saved in `kumiki-tui` (in tmux) and with `kumiki archive save`,
/// some while the TUI runs, are all in a copy of `kumiki.sqlite` alone once both apps have quit; no `-wal` keeps them
/// behind. (Before, the file was a 4 KB shell and every item lived in `kumiki.sqlite-wal`.)
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct ArchiveDatabaseFileEndToEndTests {
  @Test func itemsSavedInBothAppsAreInTheDatabaseFileAloneAfterTheyQuit() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let path = folder.path + "/kumiki.sqlite"
    let command = [
      BuiltBinary.path("kumiki-tui"), "--db", path, "--api", server.baseURL.absoluteString, "--features", "archive",
    ].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: command, environment: ["NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "36 results")
    try tmux.keys("/")
    try tmux.type("カレー")
    try tmux.keys("Enter")
    _ = try await tmux.waitFor(text: "10 results")
    try tmux.keys("Down", "Down", "Down", "Right", "Enter")  // chips, clear all, the first result (#6), its heart
    _ = try await tmux.waitFor(text: "Saved (1)")
    // The CLI saves while the TUI runs, and exits first.
    let beside = try await kumiki(["archive", "save", "12"], api: server.baseURL, folder: folder)
    #expect(beside.status == 0, "\(beside.stderr)")
    _ = try await tmux.waitFor(text: "Saved (2)")
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
    let after = try await kumiki(["archive", "save", "18"], api: server.baseURL, folder: folder)
    #expect(after.status == 0, "\(after.stderr)")

    let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber
    #expect((wal?.intValue ?? 0) == 0, "no -wal content is left behind")
    let copy = folder.path + "/copy.sqlite"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let database = try KumikiDatabase.open(path: copy)
    defer { try? database.close() }
    #expect(database.recoveredFrom == nil)
    #expect(try await database.savedItems.list().map(\.id) == [18, 12, 6])
  }
}
