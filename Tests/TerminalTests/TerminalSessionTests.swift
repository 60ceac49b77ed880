import CWidth
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

  /// Issue 35's flaky playground test saw a blank screen after `fg`. The TUI's Ctrl-Z sent SIGTSTP to its whole
  /// process group (itself included), then raised its own: when another thread (the input reader) took the group's
  /// signal first, the process stopped before the raise, and the raise after SIGCONT stopped it a second time, alone,
  /// blank, the shell waiting. And the SIGCONT handler, on another thread, re-entered as well as the stopped thread:
  /// the enter bytes twice, or after the frame. A child process set up as the TUI is (the caller blocks every signal
  /// as Dispatch's workers do; a reader thread accepts the session's signals) suspends over and over in a process
  /// group of its own: each round it stops once, one SIGCONT brings it back, and the terminal got exactly the restore
  /// bytes, then the enter bytes once. (Before the fix this failed in every run here, the enter bytes doubled.)
  @Test("suspend stops once: one SIGCONT brings the process back, re-entered, every round", .timeLimit(.minutes(1)))
  func suspendStopsOnce() throws {
    let pty = try PseudoTerminal()
    var report: [Int32] = [-1, -1]
    #expect(pipe(&report) == 0)
    defer { close(report[0]) }
    let rounds = 300
    // Everything the child uses exists before the fork: it only makes C calls (a forked child of a threaded process
    // may find any lock held).
    let enter = TerminalModes.enterSequence(mouse: false)
    let restore = TerminalModes.restoreSequence(mouse: false)
    let enterBytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: enter.count)
    let restoreBytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: restore.count)
    _ = enterBytes.initialize(from: enter)
    _ = restoreBytes.initialize(from: restore)
    defer {
      enterBytes.deallocate()
      restoreBytes.deallocate()
    }
    let terminal = pty.terminal
    let child = fork()
    if child == 0 {
      setpgid(0, 0)
      var all = sigset_t()
      sigfillset(&all)
      pthread_sigmask(SIG_BLOCK, &all, nil)
      guard
        kumiki_term_enter(
          terminal, terminal, enterBytes.baseAddress, enterBytes.count, restoreBytes.baseAddress, restoreBytes.count)
          == 0
      else { _exit(3) }
      // The input reader's part: the thread that accepts the session's signals (and may take the group's SIGTSTP).
      var reader = pthread_t()
      guard
        pthread_create(
          &reader, nil,
          { _ in
            kumiki_unblock_session_signals()
            var alarmSignal = sigset_t()
            sigemptyset(&alarmSignal)
            sigaddset(&alarmSignal, SIGALRM)
            pthread_sigmask(SIG_UNBLOCK, &alarmSignal, nil)
            while true { pause() }
          }, nil) == 0
      else { _exit(4) }
      alarm(50)  // ends a child that hangs while running (SIGALRM's default action, taken by the reader thread)
      var byte: UInt8 = 1
      for _ in 0..<rounds {
        kumiki_term_suspend()
        guard write(report[1], &byte, 1) == 1 else { _exit(5) }
      }
      _ = kumiki_term_leave()
      _exit(0)
    }
    #expect(child > 0)
    guard child > 0 else { return }
    setpgid(child, child)
    close(report[1])
    var written: [UInt8] = []
    var failure: String?
    for round in 0..<rounds {
      var status: Int32 = 0
      guard waitpid(child, &status, WUNTRACED) == child, (status & 0xff) == 0x7f else {
        failure = "round \(round): the child did not stop (status \(status))"
        break
      }
      kill(-child, SIGCONT)
      // Back: the byte it writes after each suspend. Stopped again instead: the defect.
      var descriptor = pollfd(fd: report[0], events: Int16(POLLIN), revents: 0)
      var byte: UInt8 = 0
      guard poll(&descriptor, 1, 10_000) == 1, read(report[0], &byte, 1) == 1 else {
        let again = waitpid(child, &status, WUNTRACED | WNOHANG) == child && (status & 0xff) == 0x7f
        failure = "round \(round): not back after SIGCONT" + (again ? " (stopped a second time)" : "")
        break
      }
      written += pty.available()
    }
    if failure != nil { kill(child, SIGKILL) }
    var status: Int32 = 0
    _ = waitpid(child, &status, 0)
    #expect(failure == nil, "\(failure ?? "")")
    guard failure == nil else { return }
    #expect(status == 0, "child exit status \(status)")
    // Each round restored the terminal before stopping and re-entered once continued, in that order.
    written += Array(pty.drain().utf8)
    let expected = enter + Array(repeating: restore + enter, count: rounds).flatMap { $0 } + restore
    let differs =
      zip(written.indices, zip(written, expected)).first { $0.1.0 != $0.1.1 }?.0 ?? min(written.count, expected.count)
    let matches = written == expected
    #expect(
      matches,
      """
      \(written.count) bytes, expected \(expected.count); from byte \(differs): \
      \(Array(written.dropFirst(differs).prefix(60)).text.debugDescription)
      """)
  }
}
