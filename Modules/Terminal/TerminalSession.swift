import CWidth
import Glibc

/// The full-screen terminal session: the only part of the module that changes terminal state.
///
/// `init` checks that input and output are terminals and `TERM` isn't `dumb`, saves the termios,
/// installs signal handlers, enters raw mode (`cfmakeraw`) and writes `TerminalModes.enterSequence`.
/// `leave()` (also run by `deinit` and at `exit`) undoes all of it. The handlers restore the
/// terminal with async-signal-safe calls only (`write`, `tcsetattr` on state saved in static C
/// storage) on SIGINT/SIGTERM/SIGHUP and on crash signals (SEGV, ILL, TRAP, ABRT, BUS, FPE), then
/// chain to the previous handler or re-raise with the default disposition, so a crash report prints
/// into a sane terminal. SIGTSTP restores and stops; SIGCONT re-enters and reports `.resize`, as does
/// SIGWINCH. One session at a time per process.
public final class TerminalSession {
  /// What to switch on.
  public struct Options: Hashable, Sendable {
    /// Report mouse clicks and wheel as SGR mouse events (`CSI ?1000h CSI ?1006h`).
    public var mouse: Bool
    /// Deliver pastes as one `.paste` event (`CSI ?2004h`).
    public var bracketedPaste: Bool
    /// How long a lone ESC waits for a following byte before it counts as Escape (25–50 ms).
    public var escapeTimeoutMilliseconds: Int

    /// Creates options; defaults: no mouse, bracketed paste on, 30 ms escape timeout.
    public init(mouse: Bool = false, bracketedPaste: Bool = true, escapeTimeoutMilliseconds: Int = 30) {
      self.mouse = mouse
      self.bracketedPaste = bracketedPaste
      self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
    }
  }

  /// The input descriptor (raw mode is set on it).
  public let input: Int32
  /// The output descriptor (frames go there).
  public let output: Int32
  /// The options the session was entered with.
  public let options: Options
  private let writer: TerminalWriter
  private var reader: InputReader?
  private var active = true

  /// Throws unless `input` and `output` are terminals and `term` (the `TERM` value) is set and not `dumb`.
  public static func checkSupport(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, term: String? = TerminalSession.environmentTerm()
  ) throws(TerminalError) {
    guard isatty(input) == 1 else { throw .notATerminal(fileDescriptor: input) }
    guard isatty(output) == 1 else { throw .notATerminal(fileDescriptor: output) }
    guard let term, !term.isEmpty, term != "dumb" else { throw .dumbTerminal }
  }

  /// The value of `TERM` in the environment, or nil.
  public static func environmentTerm() -> String? {
    getenv("TERM").map { String(cString: $0) }
  }

  /// The window size of `fileDescriptor` (TIOCGWINSZ), nil when it isn't a terminal or reports 0×0.
  public static func windowSize(of fileDescriptor: Int32) -> Size? {
    var columns: Int32 = 0
    var rows: Int32 = 0
    guard kumiki_window_size(fileDescriptor, &columns, &rows) == 0, columns > 0, rows > 0 else { return nil }
    return Size(width: Int(columns), height: Int(rows))
  }

  /// Enters full-screen mode on `input`/`output` after `checkSupport`. Throws `TerminalError`
  /// (nothing is changed then).
  public init(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, term: String? = TerminalSession.environmentTerm(),
    options: Options = Options()
  ) throws(TerminalError) {
    try Self.checkSupport(input: input, output: output, term: term)
    let enter = TerminalModes.enterSequence(mouse: options.mouse, bracketedPaste: options.bracketedPaste)
    let restore = TerminalModes.restoreSequence(mouse: options.mouse, bracketedPaste: options.bracketedPaste)
    let result = enter.withUnsafeBufferPointer { enterBytes in
      restore.withUnsafeBufferPointer { restoreBytes in
        kumiki_term_enter(
          input, output, enterBytes.baseAddress, enterBytes.count, restoreBytes.baseAddress, restoreBytes.count)
      }
    }
    switch result {
    case 0: break
    case -1: throw .alreadyActive
    case -2: throw .systemCall("kumiki_term_enter", errno: EINVAL)
    default: throw .systemCall("tcsetattr", errno: result)
    }
    self.input = input
    self.output = output
    self.options = options
    self.writer = TerminalWriter(fileDescriptor: output)
  }

  /// The current window size (80×24 when the terminal doesn't report one).
  public var size: Size {
    Self.windowSize(of: output) ?? Self.windowSize(of: input) ?? Size(width: 80, height: 24)
  }

  /// Starts the input reader (once; later calls return the same stream) and returns its events.
  /// On `.resize`, invalidate the renderer and repaint.
  public func events() throws(TerminalError) -> AsyncStream<InputEvent> {
    if let reader { return reader.events }
    let reader = try InputReader(
      fileDescriptor: input, sizeFileDescriptor: output,
      escapeTimeoutMilliseconds: options.escapeTimeoutMilliseconds)
    self.reader = reader
    return reader.events
  }

  /// Writes one frame (e.g. `Renderer.render` output) with a single `write(2)` when possible.
  public func write(_ bytes: [UInt8]) throws(TerminalError) {
    guard !bytes.isEmpty else { return }
    try writer.write(bytes)
  }

  /// Suspends the process like Ctrl-Z would outside raw mode: restores the terminal, stops with its
  /// process group (SIGTSTP to the group, so a parent waiting for it stops too and the shell sees the
  /// job stopped), and re-enters when continued (a `.resize` event follows). No-op when SIGTSTP was
  /// ignored at start.
  public func suspend() {
    guard active else { return }
    kumiki_term_suspend()
  }

  /// Stops the input reader and restores the terminal (main screen, cursor, cooked mode, previous
  /// signal handlers). Idempotent.
  public func leave() {
    reader?.stop()
    reader = nil
    guard active else { return }
    active = false
    _ = kumiki_term_leave()
  }

  deinit {
    leave()
  }
}
