import Glibc
import Testing

@testable import Terminal

/// Session tests share the process-wide terminal state, so they run one at a time.
@Suite("Terminal session", .serialized)
struct TerminalSessionTests {
  @Test("refuses a non-terminal and TERM=dumb with a clear error")
  func support() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    #expect(throws: TerminalError.notATerminal(fileDescriptor: ends[0])) {
      try TerminalSession.checkSupport(input: ends[0], output: ends[1], term: "xterm")
    }
    let pty = try PseudoTerminal()
    #expect(throws: TerminalError.dumbTerminal) {
      try TerminalSession.checkSupport(input: pty.terminal, output: pty.terminal, term: "dumb")
    }
    #expect(throws: TerminalError.dumbTerminal) {
      try TerminalSession.checkSupport(input: pty.terminal, output: pty.terminal, term: nil)
    }
    try TerminalSession.checkSupport(input: pty.terminal, output: pty.terminal, term: "xterm-256color")
    #expect(TerminalError.dumbTerminal.description.contains("dumb"))
  }

  @Test("enter switches to raw mode and the alternate screen; leave restores both")
  func enterAndLeave() throws {
    let pty = try PseudoTerminal()
    #expect(pty.localFlags() & tcflag_t(ICANON) != 0)
    let session = try TerminalSession(
      input: pty.terminal, output: pty.terminal, term: "xterm", options: .init(mouse: true))
    #expect(pty.drain() == TerminalModes.enterSequence(mouse: true).text)
    let flags = pty.localFlags()
    #expect(flags & tcflag_t(ICANON) == 0)
    #expect(flags & tcflag_t(ECHO) == 0)
    #expect(flags & tcflag_t(ISIG) == 0)
    #expect(throws: TerminalError.alreadyActive) {
      _ = try TerminalSession(input: pty.terminal, output: pty.terminal, term: "xterm")
    }
    try session.write(Array("frame".utf8))
    #expect(pty.drain() == "frame")
    session.leave()
    #expect(pty.drain() == TerminalModes.restoreSequence(mouse: true).text)
    #expect(pty.localFlags() & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    session.leave()  // idempotent
    #expect(session.size == Size(width: 80, height: 24))  // a fresh pty reports 0×0
  }

  @Test("the input reader delivers decoded keys, a flushed Escape, and SIGWINCH as a resize", .timeLimit(.minutes(1)))
  func reader() async throws {
    let pty = try PseudoTerminal()
    let session = try TerminalSession(input: pty.terminal, output: pty.terminal, term: "xterm")
    defer { session.leave() }
    _ = pty.drain()
    let events = try session.events()
    var iterator = events.makeAsyncIterator()
    pty.type("a\u{1B}[1;5A")
    #expect(await iterator.next() == .key(KeyEvent(.character("a"))))
    #expect(await iterator.next() == .key(KeyEvent(.up, modifiers: .control)))
    pty.type("\u{1B}")
    #expect(await iterator.next() == .key(KeyEvent(.escape)))
    kill(getpid(), SIGWINCH)  // process-directed: Dispatch workers block it, the reader accepts it
    #expect(await iterator.next() == .resize(Size(width: 80, height: 24)))
    session.leave()
    #expect(await iterator.next() == nil)
  }
}
