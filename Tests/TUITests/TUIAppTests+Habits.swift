import FeatureKit
import Terminal
import Testing

@testable import TUI

/// The habits of issue 35, item 6 through the real decoder and loop on a pseudo-terminal.
extension TUIAppTests {
  /// ESC and q in one read — Alt-q, or Esc-then-q as tmux sends them — typed q into the focused field, and `q` in the
  /// help quit the app (issue 35, item 6).
  @Test(
    "ESC q in one read is Alt-q: nothing typed, no quit; q closes the help; :q and Enter quit", .timeLimit(.minutes(1)))
  func altQAndColonQ() async throws {
    let fixture = try TestApp()
    fixture.shop(.setPhase(.content))
    let pty = try PseudoTerminal()
    let options = TUIOptions(
      color: false, mouse: false, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color")
    let app = fixture.app
    let run = Task { await TUIApp.run(app: app, options: options) }
    #expect(pty.read(until: "Popular this week"))

    var mark = pty.output.count
    pty.type("\u{1B}q")  // one write: the focus is on the search field
    #expect(pty.read(until: "Alt-q", from: mark))
    #expect(fixture.shopState.query == "カレー")

    mark = pty.output.count
    pty.type("j?")  // off the field, the help
    #expect(pty.read(until: "closes", from: mark))
    mark = pty.output.count
    pty.type("q2")  // q closes the help (digits do nothing in it): Notes shows
    #expect(pty.read(until: "Buy milk", from: mark))

    pty.type(":q\r")
    #expect(await run.value == 0)
  }
}
