import CompositionRootTesting
import Foundation
import Testing

/// Issue 26, item 12: saving in the TUI said nothing, and unsaving from the Saved view removed the row with no
/// message or undo. The real `kumiki-tui` in tmux: the status bar says what happened for a few seconds, and `u` puts
/// an unsaved item back where it was.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct ArchiveTUIToastEndToEndTests {
  /// Archive's own mount alone (`--features archive`): no other feature's overlay or tab order is in the way.
  let command = BuiltBinary.path("kumiki-tui") + " --features archive"

  /// The app on a fresh database, on the Archive tab with every item listed.
  func archive() async throws -> (TmuxSession, TemporaryFolder) {
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(
      command: command, environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "36 results")
    return (tmux, folder)
  }

  /// The screen's last line: the status bar.
  static func statusBar(_ screen: String) -> String {
    screen.split(separator: "\n").last.map(String.init) ?? ""
  }

  @Test func savingSaysSoInTheStatusBarForAFewSeconds() async throws {
    let (tmux, _) = try await archive()
    try tmux.keys("Down", "Down", "Down", "Down", "Right", "Space")  // keyword, chips, clear all, 鯛めし, its [ ]
    try await tmux.waitFor("the toast") { Self.statusBar($0).contains("Saved \"鯛めし\"") && $0.contains("Saved (1)") }
    let shown = ContinuousClock.now
    let screen = try tmux.screen()
    #expect(!Self.statusBar(screen).contains("u to undo"))  // a save has nothing to undo
    try await tmux.waitFor("the toast gone", timeout: .seconds(15)) { !Self.statusBar($0).contains("Saved \"") }
    #expect(ContinuousClock.now - shown > .seconds(3), "it shows for a few seconds, not a moment")
    #expect(try tmux.screen().contains("Saved (1)"))  // the toast went, the save stays
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  @Test func unsavingFromTheSavedViewCanBeUndoneInPlace() async throws {
    let (tmux, _) = try await archive()
    try tmux.keys("Down", "Down", "Down", "Down", "Right", "Space")  // 鯛めし saved first…
    _ = try await tmux.waitFor(text: "Saved (1)")
    try tmux.keys("Left", "Down", "Right", "Space")  // …then オムライス
    _ = try await tmux.waitFor(text: "Saved (2)")
    try tmux.keys("Home", "Right", "Enter")  // the Saved view: newest first
    let saved = try await tmux.waitFor(text: "2 saved items")
    let order = { (screen: String) in
      (screen.range(of: "オムライス")?.lowerBound, screen.range(of: "鯛めし")?.lowerBound)
    }
    let before = order(saved)
    #expect(before.0 != nil && before.1 != nil && before.0! < before.1!)

    try tmux.keys("Down", "Down", "Right", "Space")  // the second row's [x]: 鯛めし, the older one
    let removed = try await tmux.waitFor("removed, with its undo") {
      $0.contains("1 saved item") && Self.statusBar($0).contains("Removed \"鯛めし\" - u to undo")
    }
    #expect(Self.statusBar(removed).contains("u:undo"))
    try tmux.keys("u")
    let restored = try await tmux.waitFor("back in its place") {
      $0.contains("2 saved items") && Self.statusBar($0).contains("Saved \"鯛めし\"")
    }
    let after = order(restored)
    #expect(after.0 != nil && after.1 != nil && after.0! < after.1!, "オムライス, then 鯛めし, as before")
    #expect(!Self.statusBar(restored).contains("u:undo"))
    try tmux.keys("u")  // nothing more to undo
    try await tmux.waitFor("the toast gone", timeout: .seconds(15)) { !Self.statusBar($0).contains("Saved \"") }
    #expect(try tmux.screen().contains("2 saved items"))
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }
}
