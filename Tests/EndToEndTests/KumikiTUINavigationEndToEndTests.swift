import FixtureServer
import Foundation
import Testing

/// The real `kumiki-tui` in tmux as a user of lazygit or tig drives it (issue 26): every line reachable, dialogs
/// that keep the keys, Enter going forward, errors that go, any feature by name, hints that fit the screen.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct KumikiTUINavigationEndToEndTests {
  let binary = BuiltBinary.path("kumiki-tui")

  /// The app on a fresh database, onboarding dismissed, on the Home tab.
  func started() async throws -> (TmuxSession, TemporaryFolder) {
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(command: binary, environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "Welcome to Kumiki")
    try tmux.keys("Escape")
    try await tmux.waitFor("onboarding dismissed") { !$0.contains("Welcome to Kumiki") && $0.contains("Campaigns") }
    return (tmux, folder)
  }

  /// The screen's last line: the status bar.
  static func statusBar(_ screen: String) -> String {
    screen.split(separator: "\n").last.map(String.init) ?? ""
  }

  /// Item 4: page 2 focused Back, so Enter flipped between pages 1 and 2 forever.
  @Test func enterGoesThroughOnboardingToTheEnd() async throws {
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(command: binary, environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "Welcome to Kumiki")
    try tmux.keys("Enter")
    _ = try await tmux.waitFor(text: "Search the archive")
    try tmux.keys("Enter")
    _ = try await tmux.waitFor(text: "Make it yours")
    try tmux.keys("Enter")
    try await tmux.waitFor("onboarding done") { !$0.contains("Make it yours") && $0.contains("Campaigns") }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Item 1: once the focus reached Edit profile, Home, PgUp and k never brought the Personal section back.
  @Test func profileScrollsBackToItsFirstLine() async throws {
    let (tmux, _) = try await started()
    try tmux.keys("5")
    _ = try await tmux.waitFor(text: "食いしん坊の編集者")
    try tmux.keys("End", "Up")
    try await tmux.waitFor("Edit profile focused, Personal out of view") {
      $0.contains("< Edit profile >") && !$0.contains("-- Personal")
    }
    try tmux.keys("Home")
    try await tmux.waitFor("the first line again") { $0.contains("-- Personal") && $0.contains("Nickname") }
    try tmux.keys("End")
    try await tmux.waitFor("the end again") { !$0.contains("-- Personal") }
    for _ in 0..<40 { try tmux.keys("k") }
    try await tmux.waitFor("k to the first line") { $0.contains("-- Personal") }
    try tmux.keys("PageDown")
    try await tmux.waitFor("a page down") { !$0.contains("-- Personal") }
    try tmux.keys("PageUp")
    try await tmux.waitFor("a page up") { $0.contains("-- Personal") }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Item 2: Archive item 6's detail opened at the end of its text; its shop and category could not be reached.
  @Test func aLongDetailOpensAtItsTop() async throws {
    let (tmux, _) = try await started()
    try tmux.keys("2")
    _ = try await tmux.waitFor(text: "36 results")
    try tmux.keys("Down", "Down", "Down", "Down")  // from the Search tab: keyword, chips, clear all, the first result
    for _ in 0..<5 { try tmux.keys("Down") }  // the sixth: 特製ビーフカレー, 1,703 characters of introduction
    try tmux.keys("Enter")
    let detail = try await tmux.waitFor("the detail at its top") {
      $0.contains("Category  カレー") && $0.contains("Shop      カレーの店 三代目")
    }
    #expect(!detail.contains("< Close >"))  // the default button, at the end of the text
    try tmux.keys("G")
    try await tmux.waitFor("its end") { $0.contains("< Close >") && !$0.contains("Category  カレー") }
    try tmux.keys("Enter")  // Close is the default
    try await tmux.waitFor("closed") { !$0.contains("< Close >") && $0.contains("36 results") }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Item 7 (and 12's questions): Tab switched the tab behind the Edit profile form; Esc dropped edits silently.
  @Test func theProfileFormIsModal() async throws {
    let (tmux, _) = try await started()
    try tmux.keys("5")
    _ = try await tmux.waitFor(text: "食いしん坊の編集者")
    try tmux.keys("End", "Up", "Enter")
    _ = try await tmux.waitFor(text: "Self-introduction:")
    try tmux.keys("Tab", "Tab", "1")  // inside the form; digits don't reach the tabs either
    try await tmux.waitFor("the form still open on Profile") {
      $0.contains("Self-introduction:") && $0.contains("< Save >")
    }
    try tmux.keys("Tab", "Tab")  // Cancel, then round to the nickname
    try tmux.type("q")  // text in the focused field
    _ = try await tmux.waitFor(text: "食いしん坊の編集者q")
    try tmux.keys("Tab", "Escape")  // leave the field, then close the form: asks
    _ = try await tmux.waitFor(text: "Discard your changes?")
    try tmux.keys("n")
    try await tmux.waitFor("still editing") {
      !$0.contains("Discard your changes?") && $0.contains("Self-introduction:")
    }
    try tmux.keys("Tab", "q")  // on Save: asks before quitting with the change
    _ = try await tmux.waitFor(text: "Quit and discard your changes?")
    try tmux.keys("Escape")  // no; one Escape at a time (two at once read as Alt-Escape)
    try await tmux.waitFor("not quitting") { !$0.contains("Quit and discard") && $0.contains("Self-introduction:") }
    try tmux.keys("Escape")
    _ = try await tmux.waitFor(text: "Discard your changes?")
    try tmux.keys("y")
    try await tmux.waitFor("the form closed") {
      !$0.contains("Self-introduction:") && $0.contains("< Edit profile >")
    }
    try tmux.keys("Home")
    try await tmux.waitFor("nothing saved") { $0.contains("食いしん坊の編集者") && !$0.contains("食いしん坊の編集者q") }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Items 13 and 14: any feature by name with `:`; hints only for keys the screen has.
  @Test func theSwitcherAndHintsFollowTheScreen() async throws {
    let (tmux, _) = try await started()
    let home = try await tmux.waitFor(text: "Campaigns")
    #expect(!Self.statusBar(home).contains("/:search"))  // Home has no search field
    try tmux.type(":prof")
    _ = try await tmux.waitFor(text: "Go to feature")
    try tmux.keys("Enter")
    _ = try await tmux.waitFor(text: "食いしん坊の編集者")
    try tmux.keys("2")
    let archive = try await tmux.waitFor(text: "36 results")
    #expect(Self.statusBar(archive).contains("/:search") && Self.statusBar(archive).contains("q:quit"))
    try tmux.keys("/")  // typing: Enter and Esc, no q:quit
    try await tmux.waitFor("the field's hints") {
      Self.statusBar($0).contains("Esc:leave") && !Self.statusBar($0).contains("q:quit")
    }
    try tmux.keys("Tab")  // leaves the field (and the tab)
    try await tmux.waitFor("screen hints again") { Self.statusBar($0).contains("?:help") }
    try tmux.keys("?")
    let help = try await tmux.waitFor(text: "Keys: this screen")
    #expect(help.contains("mouse wheel") || help.contains("mouse click"))
    try tmux.keys("?")
    try await tmux.waitFor("help closed") { !$0.contains("Keys: this screen") }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Item 3: after a successful Retry, "Error: Could not connect…" stayed in the status bar for good.
  @Test func theStatusBarErrorGoesWhenTheScreenRecovers() async throws {
    let folder = try TemporaryFolder()
    let probe = try await FixtureServer.start(.init(port: 0))
    let port = probe.port
    let command = binary + " --api " + probe.baseURL.absoluteString
    await probe.shutdown()
    let tmux = try TmuxSession(
      command: command, environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    try await tmux.waitFor("Home's error in the status bar, onboarding over it") {
      Self.statusBar($0).contains("Error:") && $0.contains("Welcome to Kumiki")
    }
    try tmux.keys("Escape")
    try await tmux.waitFor("onboarding dismissed") {
      !$0.contains("Welcome to Kumiki") && Self.statusBar($0).contains("Error:")
    }
    let server = try await FixtureServer.start(.init(port: port))
    defer { Task { await server.shutdown() } }
    try tmux.keys("Enter")  // Retry, the only element
    try await tmux.waitFor("Home loaded, the error gone") {
      $0.contains("Campaigns") && !Self.statusBar($0).contains("Error:")
    }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }
}
