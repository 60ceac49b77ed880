import FeatureKit
import Glibc
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
    pty.type("q")
    #expect(await run.value == 0)
    #expect(pty.read(until: "\u{1B}[?1049l", from: mark))  // main screen back
    #expect(pty.text(from: mark).contains("\u{1B}[?25h"))  // cursor shown
    #expect(pty.localFlags() & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    #expect(fixture.devTools.entries.contains { $0.action == .app(.terminate) })
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
