/// The control sequences that switch the terminal into and out of full-screen mode.
public enum TerminalModes {
  /// Bytes written on entering: alternate screen (`CSI ?1049h`), hidden cursor (`CSI ?25l`),
  /// bracketed paste (`CSI ?2004h`) if asked, SGR mouse reporting (`CSI ?1000h CSI ?1006h`) if asked.
  public static func enterSequence(mouse: Bool, bracketedPaste: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendASCII("\u{1B}[?1049h\u{1B}[?25l")
    if bracketedPaste { bytes.appendASCII("\u{1B}[?2004h") }
    if mouse { bytes.appendASCII("\u{1B}[?1000h\u{1B}[?1006h") }
    return bytes
  }

  /// Bytes written on leaving (also from signal handlers, so they must undo everything whatever
  /// state a frame was interrupted in): end synchronized output (`CSI ?2026l`), mouse and paste
  /// modes off, SGR reset, cursor shown, main screen back (`CSI ?1049l`).
  public static func restoreSequence(mouse: Bool, bracketedPaste: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendASCII("\u{1B}[?2026l")
    if mouse { bytes.appendASCII("\u{1B}[?1006l\u{1B}[?1000l") }
    if bracketedPaste { bytes.appendASCII("\u{1B}[?2004l") }
    bytes.appendASCII("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    return bytes
  }
}
