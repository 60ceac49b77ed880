import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// The real `kumiki-tui` in tmux as a user of lazygit or tig drives it (issue 26), with whichever features have a
/// screen: any feature by name, hints that follow the screen, errors that go. Each feature's own navigation (its
/// forms, its details, its overlays) is checked in its integration suite.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct KumikiTUINavigationEndToEndTests {
  let binary = BuiltBinary.path("kumiki-tui")

  /// Items 13 and 14: any feature by name with `:`; hints only for keys the screen has. Every tab is opened: one
  /// whose hints offer `/:search` enters its field on `/` (the field's hints, no `q:quit`), one whose hints do not
  /// ignores `/` (the next `?` opens the help instead of being typed).
  @Test func theSwitcherAndHintsFollowTheScreen() async throws {
    let screens = try await CommandCatalog.tabs()
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(
      command: binary + " --features " + screens.map(\.key).joined(separator: ","),
      environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    try await tmux.waitFor("the first tab") { TUIScreenText.selectedTab($0) == "1 \(screens[0].title)" }

    // The switcher: the last tab, by its key.
    let last = screens.count - 1
    try tmux.type(":" + screens[last].key)
    _ = try await tmux.waitFor(text: "Go to feature")
    try tmux.keys("Enter")
    try await tmux.waitFor("the switcher's choice selected") {
      TUIScreenText.selectedTab($0) == "\(last + 1) \(screens[last].title)" && !$0.contains("Go to feature")
    }

    var searchable = 0
    var plain = 0
    for index in screens.indices {
      let screen = try await tmux.open(tab: index, of: screens)
      if TUIScreenText.statusBar(screen).contains("/:search") {
        searchable += 1
        // A quit is always offered: `q:quit`, or `Ctrl-C:quit` where the screen's focus is a text field (a form's).
        #expect(TUIScreenText.statusBar(screen).contains(":quit"), "\(screens[index].key)")
        try tmux.keys("/")  // typing: Enter and Esc, no q:quit
        try await tmux.waitFor("\(screens[index].key): the field's hints") {
          TUIScreenText.statusBar($0).contains("Esc:leave") && !TUIScreenText.statusBar($0).contains("q:quit")
        }
        try tmux.keys("Tab")  // leaves the field
        try await tmux.waitFor("\(screens[index].key): screen hints again") {
          TUIScreenText.statusBar($0).contains("?:help")
        }
      } else {
        plain += 1
        // `/` filters the rows where there are some (Backspace on the empty filter closes it), else does nothing:
        // `?` is a key, not text.
        try tmux.keys("/", "BSpace", "?")
        let help = try await tmux.waitFor(text: "Keys: this screen")
        #expect(help.contains("mouse wheel") || help.contains("mouse click"))
        try tmux.keys("?")
        try await tmux.waitFor("help closed") { !$0.contains("Keys: this screen") }
      }
    }
    #expect(searchable > 0, "no screen offers /:search: \(screens.map(\.key))")
    #expect(plain > 0, "every screen offers /:search: \(screens.map(\.key))")
    try await tmux.quit()
  }

  /// Item 3: after a successful Retry, "Error: Could not connect…" stayed in the status bar for good. The feature is
  /// the first with a screen whose command reads the API (its screen loads on appear).
  @Test func theStatusBarErrorGoesWhenTheScreenRecovers() async throws {
    let screens = try await CommandCatalog.tabs()
    let readers = try await ReadingCommand.all().map { $0.words[0] }
    let feature = try #require(
      screens.first { readers.contains($0.key) }, "no feature with a screen has a command that reads the API")
    let folder = try TemporaryFolder()
    let probe = try await FixtureServer.start(.init(port: 0))
    let port = probe.port
    let command = binary + " --features " + feature.key + " --api " + probe.baseURL.absoluteString
    await probe.shutdown()
    let tmux = try TmuxSession(
      command: command, environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    try await tmux.waitFor("\(feature.key)'s error in the status bar") {
      TUIScreenText.statusBar($0).contains("Error:") && $0.contains("Retry")
    }
    let server = try await FixtureServer.start(.init(port: port))
    defer { Task { await server.shutdown() } }
    try tmux.keys("Enter")  // Retry, the only element
    try await tmux.waitFor("\(feature.key) loaded, the error gone") {
      !$0.contains("Retry") && TUIScreenText.statusBar($0).hasPrefix(" ready ")
        && !TUIScreenText.statusBar($0).contains("Error:")
    }
    try await tmux.quit()
  }
}
