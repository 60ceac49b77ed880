import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real terminal: a detached tmux session running a command, driven with `send-keys` and read with
/// `capture-pane`. Each session has its own tmux server socket, so tests run in parallel without meeting.
///
/// The server is started with no descriptor but its standard ones. tmux keeps whatever it inherits for as long as it
/// runs, and a test process running suites in parallel has other tests' pipes open — Foundation's `Pipe` is not
/// close-on-exec — such as the standard output of a `kumiki` that ``CommandResult`` reads to its end: a server
/// holding that pipe's write end kept the read from ending until its own session was killed, and two such tests,
/// each holding the other's pipe, waited for each other forever.
///
/// tmux offers no event to await for "the screen now shows X", so `waitFor` polls the pane every 20 ms up to a
/// deadline — the deadline only turns a hang into a failure with the last screen attached.
public final class TmuxSession: Sendable {
  /// The tmux server's socket, this session's own.
  public let socket: String
  /// The session's name.
  public let name = "kumiki"

  /// Starts `command` in a detached session of `width`×`height`, with `environment` exported first.
  public init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
    socket = NSTemporaryDirectory() + "kumiki-tmux-" + UUID().uuidString
    let exports = environment.map { "export \($0.key)=\(Self.quote($0.value))" }.joined(separator: "; ")
    // Keep the pane after the app exits so its exit status and the terminal state can be inspected.
    let script = (exports.isEmpty ? "" : exports + "; ") + command + "; echo \"[exit $?]\"; exec bash --norc -i"
    try run(
      [
        "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "bash", "--norc", "-c", script,
      ], closingInherited: true)
  }

  deinit { _ = try? run(["kill-server"]) }

  /// Sends tmux key names (`Enter`, `Escape`, `Down`, `C-c`, …).
  public func keys(_ keys: String...) throws { try run(["send-keys", "-t", name] + keys) }

  /// Types literal text (UTF-8 as a terminal sends it).
  public func type(_ text: String) throws { try run(["send-keys", "-t", name, "-l", text]) }

  /// The visible screen as text.
  public func screen() throws -> String { try run(["capture-pane", "-p", "-t", name]) }

  /// The process id of the pane's shell (the app under test is its child).
  public func panePID() throws -> Int32 {
    let text = try run(["display-message", "-p", "-t", name, "#{pane_pid}"])
    guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw TmuxError.failed("display-message", text)
    }
    return pid
  }

  /// Resizes the window (the app sees SIGWINCH).
  public func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
  }

  /// Waits until the screen satisfies `condition`; fails with the last screen after `timeout`.
  @discardableResult
  public func waitFor(
    _ description: String, timeout: Duration = .seconds(20), _ condition: (String) -> Bool
  ) async throws -> String {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var last = ""
    while clock.now < deadline {
      last = try screen()
      if condition(last) { return last }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw TmuxError.timedOut(description, screen: last)
  }

  /// Waits until the screen shows `text`.
  public func waitFor(text: String, timeout: Duration = .seconds(20)) async throws -> String {
    try await waitFor("screen shows \"\(text)\"", timeout: timeout) { $0.contains(text) }
  }

  /// Quits the app the way no feature's focus can change: Ctrl-C, which quits from a focused text field too (`q`
  /// would be typed into it), then waits for the `[exit 0]` the session's command prints after the app. App-level
  /// suites quit with this, so a feature whose first focus is a field does not break them.
  public func quit(timeout: Duration = .seconds(20)) async throws {
    try keys("C-c")
    _ = try await waitFor(text: "[exit 0]", timeout: timeout)
  }

  /// Runs tmux through the shell with `popen`, reading its output to the end. (Foundation's `Process` can miss the
  /// exit of a client whose server daemonises, which hung these tests.) With `closingInherited` — the command that
  /// starts the server — bash closes every descriptor above standard error before tmux runs, so the server holds
  /// none of this process's other files (see the type's comment): the list of descriptors is bash's own, read after
  /// the fork, so a pipe another thread opens meanwhile cannot slip through. tmux is then run by `/bin/sh` (dash), as
  /// without the closing: dash clears the signal mask it inherited from this process's thread (SIGTERM blocked,
  /// among others) where bash keeps it, and a server with SIGTERM blocked ignores `kill-server`, which signals the
  /// server itself: it would outlive its session.
  @discardableResult
  private func run(_ arguments: [String], capture: Bool = true, closingInherited: Bool = false) throws -> String {
    let tmux = (["tmux", "-S", socket] + arguments).map(Self.quote).joined(separator: " ")
    let closing =
      "for fd in /proc/self/fd/*; do fd=${fd##*/}; case $fd in 0|1|2) ;; *) { eval \"exec $fd>&-\"; } 2>/dev/null;; "
      + "esac; done; exec /bin/sh -c " + Self.quote(tmux)
    let command =
      (closingInherited ? "exec bash --norc -c " + Self.quote(closing) : tmux)
      + (capture ? " 2>&1" : " </dev/null >/dev/null 2>&1")
    guard let pipe = popen(command, "r") else { throw TmuxError.failed(arguments.joined(separator: " "), "popen") }
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, pipe)
      if count <= 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    let status = pclose(pipe)
    let text = String(decoding: data, as: UTF8.self)
    guard status == 0 else { throw TmuxError.failed(arguments.joined(separator: " "), text) }
    return text
  }

  /// `value` quoted for a POSIX shell.
  public static func quote(_ value: String) -> String { "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// Whether tmux is installed (`make bootstrap` installs it).
  public static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
  }
}

/// A tmux command that failed, or a wait that timed out (with the last screen).
public enum TmuxError: Error, CustomStringConvertible {
  case failed(String, String)
  case timedOut(String, screen: String)

  public var description: String {
    switch self {
    case .failed(let command, let output): "tmux \(command) failed: \(output)"
    case .timedOut(let what, let screen): "timed out waiting for \(what); screen:\n\(screen)"
    }
  }
}
