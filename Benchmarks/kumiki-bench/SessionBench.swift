import ArgumentParser
import CompositionRoot
import Dispatch
import FeatureKit
import Foundation
import Synchronization
import TUI

#if canImport(Glibc)
  import Glibc
#endif

/// `kumiki-bench session`: a long TUI session. The real app loop (`TUIApp.run`) runs in this process on a
/// pseudo-terminal of 200×60, over the live app (embedded fixture API, a temporary database, a screen with a
/// keyword field: the keystroke bench's, `BenchSubject.searchScreen`, or the one `--feature` names) with
/// DevTools recording (`--no-dev-tools` for the baseline), and the bench types into the keyword field — a letter,
/// then Backspace, so every key is an action and the field stays short — `--actions` times. Prints the resident
/// set size (VmRSS) once the first page of results is on screen, after every tenth of the keys and at the end, and
/// the time per key (the loop's handling, dispatch, present and frame: each key is typed once the store took the
/// previous one's action) over the first and the last tenth.
///
/// The store's clock is held still, so the searches the typing schedules never run: the figure is the session.
///
struct SessionBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "session",
    abstract: "Type N keys into the live TUI on a pseudo-terminal; report RSS growth and time per key."
  )

  @Option(help: "Keys typed, each one action.")
  var actions: Int = 100_000

  @Flag(inversion: .prefixedNo, help: "Record with DevTools, as kumiki-tui does.")
  var devTools: Bool = true

  @Option(help: "The feature whose screen is typed into (default: the first screen where / focuses a text field).")
  var feature: String?

  func run() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "kumiki-session-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let key = try await BenchSubject.searchScreen(feature, directory: directory)
    let recorder = devTools ? DevTools() : nil
    let live = try await LiveApp.start(
      LaunchOptions(
        databasePath: directory.appending(path: "kumiki.sqlite").path, features: [key],
        middlewares: recorder.map { [$0.middleware] } ?? [], clock: StillClock()))
    let app = live.runtime

    let terminal = try PseudoTerminalPair(width: 200, height: 60)
    let frames = Atomic<Int>(0)
    let complete = Atomic<Bool>(false)
    var options = TUIOptions(color: true, devTools: recorder, launchApp: false)
    options.input = terminal.replica
    options.output = terminal.replica
    options.term = "xterm-256color"
    options.onFrame = { report in
      frames.wrappingAdd(1, ordering: .relaxed)
      if report.complete { complete.store(true, ordering: .relaxed) }
    }
    let ui = Task { [options] in await TUIApp.run(app: app, options: options) }

    let deadline = ContinuousClock.now + .seconds(30)
    while !complete.load(ordering: .relaxed) {
      guard ContinuousClock.now < deadline else { throw ValidationError("the \(key) screen did not load") }
      try await Task.sleep(for: .milliseconds(5))
    }
    terminal.type("/")  // focus the keyword field
    while frames.load(ordering: .relaxed) < 3 { try await Task.sleep(for: .milliseconds(1)) }
    // Paces the typing: the next key goes once the store has taken this one's action.
    let taken = DispatchSemaphore(value: 0)
    let slot = TUIApp.screens(of: app).first?.slot ?? 0
    let started = Atomic<Bool>(false)
    let pacer = app.store.subscribe(partition: slot, select: { $0.slice(at: slot) }) { _ in
      if started.load(ordering: .relaxed) { taken.signal() }
    }
    started.store(true, ordering: .relaxed)
    let start = residentKilobytes()
    say("session: \(key), \(actions) keys, DevTools \(devTools ? "recording" : "off"); RSS at start \(start) KB")

    let tenth = max(1, actions / 10)
    var perKey: [Double] = []
    let clock = ContinuousClock()
    var mark = clock.now
    for index in 0..<actions {
      terminal.type(index % 2 == 0 ? "z" : "\u{7f}")
      taken.wait()
      if (index + 1) % tenth == 0 {
        let now = clock.now
        let elapsed = now - mark
        mark = now
        perKey.append(
          (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
            / Double(tenth))
        say("  after \(index + 1) keys: RSS \(residentKilobytes()) KB, \(String(format: "%.1f", perKey.last!)) us/key")
      }
    }
    pacer.cancel()
    terminal.type("\u{3}")  // Ctrl-C quits, editing or not
    let status = await ui.value
    let end = residentKilobytes()
    let history = recorder.map { " · DevTools keeps \($0.count) actions, dropped \($0.droppedCount)" } ?? ""
    say(
      "session: RSS \(start) KB -> \(end) KB, growth \(end - start) KB (target <= 5120 KB); per key first tenth "
        + "\(String(format: "%.1f", perKey.first ?? 0)) us, last tenth \(String(format: "%.1f", perKey.last ?? 0)) us "
        + "(x\(String(format: "%.2f", (perKey.last ?? 0) / max(perKey.first ?? 1, 0.001)))); frames "
        + "\(frames.load(ordering: .relaxed))\(history); effects in flight \(app.store.effectsInFlight); loop exit \(status)"
    )
    await live.shutdown()
  }
}

/// Prints a line at once, also into a pipe (progress of a long run).
private func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// VmRSS of this process, in kilobytes.
func residentKilobytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
  }
  return 0
}

/// A pseudo-terminal: the app draws on the replica side; the bench types on the primary side and a thread drains
/// what the app writes.
final class PseudoTerminalPair: Sendable {
  let primary: Int32
  let replica: Int32

  init(width: UInt16, height: UInt16) throws {
    // posix_openpt & co. need _XOPEN_SOURCE and don't import through Glibc: look them up.
    let process = dlopen(nil, RTLD_NOW)
    typealias Control = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    guard let open = dlsym(process, "posix_openpt"), let grant = dlsym(process, "grantpt"),
      let unlock = dlsym(process, "unlockpt"), let name = dlsym(process, "ptsname_r")
    else { throw ValidationError("no pseudo-terminal functions") }
    primary = unsafeBitCast(open, to: Control.self)(O_RDWR | O_NOCTTY)
    var path = [CChar](repeating: 0, count: 256)
    guard primary >= 0, unsafeBitCast(grant, to: Control.self)(primary) == 0,
      unsafeBitCast(unlock, to: Control.self)(primary) == 0,
      unsafeBitCast(name, to: Name.self)(primary, &path, path.count) == 0
    else { throw ValidationError("no pseudo-terminal") }
    replica = Glibc.open(path, O_RDWR | O_NOCTTY)
    guard replica >= 0 else { throw ValidationError("cannot open the pseudo-terminal") }
    var size = winsize(ws_row: height, ws_col: width, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(replica, UInt(TIOCSWINSZ), &size)
    let primary = self.primary
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while buffer.withUnsafeMutableBytes({ read(primary, $0.baseAddress, $0.count) }) > 0 {}
    }
  }

  /// Writes `text` as typed keys; blocks while the terminal's input buffer is full (the app paces the typing).
  func type(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { write(primary, $0.baseAddress! + offset, $0.count - offset) }
      if written <= 0 { return }
      offset += written
    }
  }
}
