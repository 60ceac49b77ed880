import Testing

@testable import Terminal

@Suite("Terminal modes")
struct TerminalModesTests {
  @Test("enter: alternate screen, hidden cursor, bracketed paste, optional SGR mouse")
  func enter() {
    #expect(TerminalModes.enterSequence(mouse: false).text == "\(esc)[?1049h\(esc)[?25l\(esc)[?2004h")
    #expect(
      TerminalModes.enterSequence(mouse: true).text
        == "\(esc)[?1049h\(esc)[?25l\(esc)[?2004h\(esc)[?1000h\(esc)[?1006h")
    #expect(TerminalModes.enterSequence(mouse: false, bracketedPaste: false).text == "\(esc)[?1049h\(esc)[?25l")
  }

  @Test("restore undoes everything, including an interrupted synchronized frame")
  func restore() {
    #expect(
      TerminalModes.restoreSequence(mouse: false).text
        == "\(esc)[?2026l\(esc)[?2004l\(esc)[0m\(esc)[?25h\(esc)[?1049l")
    #expect(
      TerminalModes.restoreSequence(mouse: true).text
        == "\(esc)[?2026l\(esc)[?1006l\(esc)[?1000l\(esc)[?2004l\(esc)[0m\(esc)[?25h\(esc)[?1049l")
  }
}
