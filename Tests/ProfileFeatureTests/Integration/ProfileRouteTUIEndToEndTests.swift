import CompositionRoot
import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// The real `kumiki-tui` in tmux (issue 37's done-when): a Recently Saved item opens Archive's item detail — the
/// route `archive/item/<id>`, asked for by value — on Archive's tab, and Esc comes back to Profile where the user was,
/// the detail closed. Archive is in `--features` because the route is its: without it the route is refused, and
/// with Archive's folder deleted (`Scripts/check-feature-removal`) the suite does not run.
@Suite(
  .serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"),
  .enabled(if: StandardFeatures.descriptions.contains { $0.key == "archive" }, "needs Archive, the route's owner"))
struct ProfileRouteTUIEndToEndTests {
  let binary = BuiltBinary.path("kumiki-tui")

  @Test func aRecentlySavedItemOpensArchivesItemAndEscComesBack() async throws {
    let folder = try TemporaryFolder()
    let environment = ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"]
    let server = try await FixtureServer.start(.init(port: 0))
    do {
      let saved = try await kumiki(["archive", "save", "6"], api: server.baseURL, folder: folder)
      #expect(saved.status == 0, "\(saved.stderr)")
      let tmux = try TmuxSession(
        command: binary + " --features profile,archive --api " + server.baseURL.absoluteString,
        environment: environment)
      _ = try await tmux.waitFor(text: "36 results")  // Archive, the first tab
      try tmux.keys("2")
      _ = try await tmux.waitFor(text: "食いしん坊の編集者")
      try tmux.keys("Home", "Right", "Right", "Enter")  // the information tabs: Recently Saved
      _ = try await tmux.waitFor(text: "<Recently Saved>")
      try tmux.keys("Down")
      _ = try await tmux.waitFor(text: "> 特製ビーフカレー")
      try tmux.keys("Enter")
      // Profile's tab is not on view: in the predicate, since tmux can capture a frame half drawn.
      _ = try await tmux.waitFor("Archive's detail of item 6 on Archive's tab, Profile's tab gone") {
        $0.contains("+- 特製ビーフカレー") && $0.contains("カレーの店 三代目") && $0.contains("Keyword:")
          && !$0.contains("Recently Saved")
      }
      try tmux.keys("Escape")
      let back = try await tmux.waitFor("Profile again, the saved item focused") {
        $0.contains("-- Information") && $0.contains("Recently Saved") && $0.contains("> 特製ビーフカレー")
      }
      #expect(!back.contains("+- 特製ビーフカレー"), "\(back)")
      try tmux.keys("1")  // Archive's detail was closed by the route's Esc
      let archive = try await tmux.waitFor(text: "Keyword:")
      #expect(!archive.contains("+- 特製ビーフカレー"), "\(archive)")
    } catch {
      await server.shutdown()
      throw error
    }
    await server.shutdown()
  }
}
