import CompositionRootTesting
import Foundation
import Testing

/// The real `kumiki-tui` in tmux as users of lazygit, k9s and tig drive it (issue 35, item 6), with whichever features
/// have a screen: `q` closes the innermost view, `:q` quits, Esc-then-key (Alt+key) types nothing, messages outrank
/// hints, `/` filters any list.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct KumikiTUIHabitsEndToEndTests {
  let binary = BuiltBinary.path("kumiki-tui")

  /// Every feature with a screen, in a fresh database, run from `folder` (DevTools exports land there).
  func start(in folder: TemporaryFolder, width: Int = 100) async throws -> (TmuxSession, [CommandCatalog.Feature]) {
    let screens = try await CommandCatalog.tabs()
    let command =
      "cd " + TmuxSession.quote(folder.path) + " && " + binary + " --features "
      + screens.map(\.key).joined(separator: ",")
    let tmux = try TmuxSession(
      command: command, width: width, environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    try await tmux.waitFor("the first tab") { TUIScreenText.selectedTab($0) == "1 \(screens[0].title)" }
    return (tmux, screens)
  }

  /// The first tab (of the nine a digit reaches) whose status bar says `condition`, opened; `nil` if none does.
  func firstTab(
    _ tmux: TmuxSession, of screens: [CommandCatalog.Feature], where condition: (String) throws -> Bool
  ) async throws -> Int? {
    for index in screens.indices.prefix(9) {
      let screen = try await tmux.open(tab: index, of: screens)
      if try condition(screen) { return index }
    }
    return nil
  }

  /// `q` in the help quit the whole app, and `:q` was not understood (issue 35, item 6).
  @Test func qClosesTheHelpAndColonQQuits() async throws {
    let folder = try TemporaryFolder()
    let (tmux, screens) = try await start(in: folder)
    let tab = try await firstTab(tmux, of: screens) { TUIScreenText.statusBar($0).contains("q:quit") }
    #expect(tab != nil, "no screen offers q:quit: \(screens.map(\.key))")
    try tmux.keys("?")
    _ = try await tmux.waitFor(text: "Keys: this screen")
    try tmux.keys("q")
    try await tmux.waitFor("the help closed, the app still running") {
      !$0.contains("Keys: this screen") && TUIScreenText.statusBar($0).contains("q:quit")
    }
    try tmux.keys(":")
    _ = try await tmux.waitFor(text: "Go to feature or run a command")
    try tmux.type("q")
    _ = try await tmux.waitFor(text: "Enter quits")
    try tmux.keys("Enter")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Esc then q, pressed quickly, reaches the app as one ESC q (tmux sends it so; `M-q` is the same bytes): it typed
  /// q into the focused field (issue 35, item 6). It is Alt-q, bound to nothing.
  @Test func escapeThenKeyTypesNothingIntoAField() async throws {
    let folder = try TemporaryFolder()
    let (tmux, screens) = try await start(in: folder)
    let tab = try await firstTab(tmux, of: screens) { TUIScreenText.statusBar($0).contains("/:search") }
    try #require(tab != nil, "no screen has a search field: \(screens.map(\.key))")
    try tmux.keys("/")
    try await tmux.waitFor("editing the field") { TUIScreenText.statusBar($0).contains("Esc:leave") }
    try tmux.keys("Enter")  // done: the field keeps the focus, q would be text there
    try await tmux.waitFor("the field focused, not edited") { TUIScreenText.statusBar($0).contains("Ctrl-C:quit") }
    try tmux.keys("M-q")  // before the fix: q typed into the field, which then searched for it
    try await tmux.waitFor("Alt-q said to do nothing, the field left as it was") {
      TUIScreenText.statusBar($0).contains("Alt-q does nothing here")
    }
    try await tmux.quit()
  }

  /// The export's file name was cut to make room for the key hints (issue 35, item 6).
  @Test func theExportFileNameIsNotCutForHints() async throws {
    let folder = try TemporaryFolder()
    let (tmux, _) = try await start(in: folder)
    try tmux.keys("d")
    _ = try await tmux.waitFor(text: "DevTools")
    try tmux.keys("e")
    let screen = try await tmux.waitFor("the export's message") { TUIScreenText.statusBar($0).contains("Exported") }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
    try #require(files.count == 1)
    #expect(TUIScreenText.statusBar(screen).contains("to ./" + files[0]), "\(TUIScreenText.statusBar(screen))")
    try await tmux.quit()
  }

  /// `/` filtered only a screen with a search field of its own (issue 35, item 6): any screen with rows filters them.
  @Test func slashFiltersAnyList() async throws {
    let folder = try TemporaryFolder()
    let (tmux, screens) = try await start(in: folder)
    var found: Int?
    for index in screens.indices.prefix(9) where found == nil {
      try await tmux.open(tab: index, of: screens)
      try tmux.keys("?")  // the help lists `/` as a row filter where the screen has rows and no field
      let help = try await tmux.waitFor(text: "Keys: this screen")
      if help.contains("filter the rows") { found = index }
      try tmux.keys("q")  // closes the help
      try await tmux.waitFor("the help closed") { !$0.contains("Keys: this screen") }
    }
    try #require(found != nil, "no screen has rows without a search field: \(screens.map(\.key))")
    let shown = TUIScreenText.body(try tmux.screen())
    try tmux.keys("/")
    try await tmux.waitFor("the filter typed") { TUIScreenText.statusBar($0).contains("/_") }
    try tmux.type("zzqzz")  // q is text here
    try await tmux.waitFor("no row kept") { $0.contains("No row contains \"zzqzz\"") }
    try tmux.keys("Escape")
    let cleared = try await tmux.waitFor("the filter cleared") { !$0.contains("No row contains") }
    #expect(TUIScreenText.body(cleared) == shown)
    try await tmux.quit()
  }
}
