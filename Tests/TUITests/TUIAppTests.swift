import FeatureAssembly
import FeatureKit
import Glibc
import Synchronization
import Terminal
import Testing

@testable import TUI

/// The real app loop on a pseudo-terminal: frames out, keys in, terminal restored. Serialized: one terminal
/// session per process.
@Suite("App loop", .serialized)
struct TUIAppTests {
  @Test("refuses a non-terminal and TERM=dumb with a message pointing to kumiki")
  func refuses() async throws {
    let fixture = try TestApp()
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let status = await TUIApp.run(
      app: fixture.app, options: TUIOptions(input: ends[0], output: ends[1], errorOutput: ends[1], term: "xterm"))
    #expect(status == 1)
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
    let message = String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
    #expect(message.contains("not a terminal"))
    #expect(message.contains("kumiki --help"))
    let pty = try PseudoTerminal()
    #expect(
      await TUIApp.run(
        app: fixture.app,
        options: TUIOptions(input: pty.terminal, output: pty.terminal, errorOutput: ends[1], term: "dumb")
      ) == 1)
    #expect(TUIApp.refusalMessage(for: .dumbTerminal).contains("kumiki"))
  }

  @Test(
    "draws, switches tabs, dispatches on Enter, edits a pasted Japanese query, exports, quits and restores",
    .timeLimit(.minutes(1)))
  func endToEnd() async throws {
    let fixture = try TestApp()
    let pty = try PseudoTerminal()
    let directory = "/tmp/kumiki-tui-e2e-\(getpid())"
    mkdir(directory, 0o755)
    defer {
      if let files = try? FileManagerLite.contents(of: directory) {
        for file in files { unlink(directory + "/" + file) }
      }
      rmdir(directory)
    }
    let options = TUIOptions(
      color: false, mouse: true, devTools: fixture.devTools, exportDirectory: directory, launchApp: true,
      input: pty.terminal, output: pty.terminal, term: "xterm-256color")
    let app = fixture.app
    let run = Task { await TUIApp.run(app: app, options: options) }

    #expect(pty.read(until: "\u{1B}[?1049h"))  // alternate screen
    #expect(pty.read(until: "Notes"))  // the first frame: tab bar
    #expect(pty.read(until: "Popular this week"))
    #expect(pty.localFlags() & tcflag_t(ICANON | ECHO) == 0)  // raw mode

    var mark = pty.output.count
    pty.type("2")  // Notes tab
    #expect(pty.read(until: "Buy milk", from: mark))
    pty.type("j\r")  // second note, Enter
    await until(app) { $0["notes", as: NotesFeature.State.self]?.opened == 1 }

    pty.type("1/")  // back to Shop, search field
    pty.type("\u{7F}\u{7F}\u{7F}\u{1B}[200~親子丼\u{1B}[201~\r")
    await until(app) { $0["shop", as: ShopFeature.State.self]?.query == "親子丼" }

    mark = pty.output.count
    pty.type("de")  // DevTools, export
    #expect(pty.read(until: "DevTools", from: mark))
    #expect(pty.read(until: "Exported", from: mark))
    let exported = try FileManagerLite.contents(of: directory)
    #expect(exported.count == 1 && exported[0].hasPrefix("kumiki-actions-") && exported[0].hasSuffix(".jsonl"))

    mark = pty.output.count
    pty.type("jqq")  // off the search field (where q is text); q closes DevTools, then q quits
    #expect(await run.value == 0)
    #expect(pty.read(until: "\u{1B}[?1049l", from: mark))  // main screen back
    #expect(pty.text(from: mark).contains("\u{1B}[?25h"))  // cursor shown
    #expect(pty.localFlags() & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    #expect(fixture.devTools.entries.contains { $0.action == .app(.terminate) })
  }

  @Test(
    "the status bar shows the activity source's count, and each frame is reported with the tab and whether it is complete",
    .timeLimit(.minutes(1)))
  func activityAndFrameReports() async throws {
    let fixture = try TestApp()
    fixture.shop(.setPhase(.loading))
    let pty = try PseudoTerminal()
    let activity = ActivitySource()
    let reports = FrameReports()
    let options = TUIOptions(
      color: false, mouse: false, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color", activity: activity.read, onFrame: reports.record)
    let app = fixture.app
    let run = Task { await TUIApp.run(app: app, options: options) }

    let first = await reports.next { _ in true }
    #expect(first == FrameReport(number: 1, bytes: first.bytes, tab: "Shop", complete: false))  // spinner
    #expect(first.bytes > 0)
    // The renderer writes only changed cells, so look for the changed word, not the padded label.
    #expect(pty.read(until: "ready"))  // nothing in flight although the screen shows a spinner

    var mark = pty.output.count
    activity.set(2)
    #expect(pty.read(until: "loading", from: mark))
    mark = pty.output.count
    activity.set(0)
    #expect(pty.read(until: "ready", from: mark))

    // Read each frame off the terminal before waiting for its report: a full pseudo-terminal blocks the writer.
    mark = pty.output.count
    fixture.shop(.setPhase(.content))
    #expect(pty.read(until: "Popular this week", from: mark))
    let complete = await reports.next { $0.complete }
    #expect(complete.tab == "Shop")

    mark = pty.output.count
    pty.type("2")
    #expect(pty.read(until: "Buy milk", from: mark))
    let notes = await reports.next { $0.tab == "Notes" }
    #expect(notes.complete)  // no spinner, no error: shown in full
    pty.type("q")
    #expect(await run.value == 0)
  }

  /// Waits until the app's state satisfies `condition` (an async sequence of states, no polling).
  func until(_ app: AppRuntime, _ condition: @escaping @Sendable (AppState) -> Bool) async {
    for await satisfied in app.store.values(select: condition) where satisfied { return }
  }
}

/// Directory listing without Foundation's FileManager (kept tiny).
enum FileManagerLite {
  static func contents(of path: String) throws -> [String] {
    guard let directory = opendir(path) else { throw TerminalError.systemCall("opendir", errno: errno) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}

/// Reports of the frames an app loop wrote, in order, for a test to wait on.
final class FrameReports: Sendable {
  private struct State {
    var reports: [FrameReport] = []
    var consumed = 0
    var waiter: CheckedContinuation<Void, Never>?
  }
  private let state = Mutex(State())

  /// The callback for ``TUIOptions/onFrame``.
  var record: @Sendable (FrameReport) -> Void {
    { [self] report in
      let waiter = state.withLock { state in
        state.reports.append(report)
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume()
    }
  }

  /// Waits for the next report (after those already returned) satisfying `condition`.
  func next(where condition: (FrameReport) -> Bool) async -> FrameReport {
    while true {
      let found = state.withLock { state -> FrameReport? in
        while state.consumed < state.reports.count {
          defer { state.consumed += 1 }
          if condition(state.reports[state.consumed]) { return state.reports[state.consumed] }
        }
        return nil
      }
      if let found { return found }
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state in
          guard state.consumed == state.reports.count else { return true }
          state.waiter = continuation
          return false
        }
        if ready { continuation.resume() }
      }
    }
  }
}

/// A settable count of work in flight, for ``TUIOptions/activity``.
final class ActivitySource: Sendable {
  private let count = Atomic(0)

  func set(_ value: Int) { count.store(value, ordering: .relaxed) }
  var read: @Sendable () -> Int { { [self] in count.load(ordering: .relaxed) } }
}
