import CompositionRootTesting
import Foundation
import Testing

/// The real `kumiki-tui` binary in a real terminal (tmux), on its embedded fixture server and a real database, with
/// the features that have a screen (whichever they are): resizing, and the terminal restored after Ctrl-C and
/// SIGTERM. Each feature's own screens are driven in its integration suite.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct KumikiTUIEndToEndTests {
  let binary = BuiltBinary.path("kumiki-tui")

  /// `--features` with every feature that has a screen, and the first tab's label (`1 Title`).
  func tabsOnly() async throws -> (features: String, firstTab: String) {
    let screens = try await CommandCatalog.tabs()
    return (screens.map(\.key).joined(separator: ","), "1 " + screens[0].title)
  }

  @Test func resizingRepaintsAtTheNewSize() async throws {
    let folder = try TemporaryFolder()
    let (features, firstTab) = try await tabsOnly()
    let tmux = try TmuxSession(
      command: binary + " --features " + features, environment: ["KUMIKI_DB": folder.path + "/k.sqlite"])
    try await tmux.waitFor("the first tab, settled") {
      TUIScreenText.selectedTab($0) == firstTab && TUIScreenText.statusBar($0).hasPrefix(" ready ")
    }
    try tmux.resize(width: 60, height: 20)
    // tmux clips the old 100×30 frame to 60×20 itself, at once: that frame keeps the first tab's label but has lost
    // its bottom rows. Only the app's repaint puts the key hints on the new last row. (Checking the hints after a wait
    // for the clipped frame failed whenever the capture came before the repaint: the EndToEnd flake of issue 23.)
    let small = try await tmux.waitFor("a 60×20 frame drawn by the app") { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      let hints = lines.prefix(20).last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
      return lines.count >= 20 && lines.allSatisfy { $0.count <= 60 } && screen.contains(firstTab)
        && (hints.contains("q:quit") || hints.contains("?:help"))
    }
    #expect(small.split(separator: "\n").allSatisfy { $0.count <= 60 })
    try await tmux.quit()
  }

  @Test(arguments: ["C-c", "TERM"])
  func theTerminalIsSaneAfterCtrlCAndSIGTERM(_ how: String) async throws {
    let folder = try TemporaryFolder()
    let database = folder.path + "/k.sqlite"  // unique, so pkill finds only this test's app
    let (features, firstTab) = try await tabsOnly()
    let tmux = try TmuxSession(command: binary + " --db " + database + " --features " + features)
    _ = try await tmux.waitFor(text: firstTab)
    if how == "TERM" {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["pkill", "-TERM", "-f", "^" + binary + " --db " + database]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    } else {
      try tmux.keys("C-c")
    }
    _ = try await tmux.waitFor(text: "[exit")
    try tmux.type("stty -a | tr ' ' '\\n' | grep -xE -- '-?(icanon|echo)'")
    try tmux.keys("Enter")
    // Both lines of grep's output: tmux may show the first before the second arrives.
    let screen = try await tmux.waitFor("stty output") { screen in
      (screen.contains("\nicanon") || screen.contains("\n-icanon"))
        && (screen.contains("\necho") || screen.contains("\n-echo"))
    }
    #expect(screen.contains("\nicanon"))
    #expect(screen.contains("\necho"))
    #expect(!screen.contains("\n-icanon"))
    #expect(!screen.contains("\n-echo"))
  }
}
