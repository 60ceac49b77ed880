import Foundation
import Networking
import Synchronization

/// The embedded fixture API: a `kumiki-api` child process on an ephemeral loopback port, so `kumiki` and
/// `kumiki-tui` work with no `--api` and without linking the server (NIO, Hummingbird) themselves.
///
/// The binary is `KUMIKI_API_BIN` when set, else `kumiki-api` next to the running executable (where
/// `make build` and `swift build` put it). The child runs with `--exit-on-eof`: ``stop()`` closes its standard
/// input, and if the app dies first the kernel closes it, so no server outlives its app. Its data lives in a json
/// file beside the database (``LiveApp/fixtureDataLocation(for:)``), so writes land as with json-server.
/// The playground (`kumiki-playground`) runs one the same way, with a scenario's options.
///
/// With a data file the child also requires a run token (`--token-file`, ``RunToken``): the server that holds the
/// file writes a new secret beside it (`.kumiki-api.json.token`, `0600`) before it says where it listens, a joined
/// child reads it and keeps it when it takes over, and the app reads it once its child answers: its HTTP client proves
/// every request with it and uses no answer that does not prove it back (``HTTPClient/provingRun(_:at:)``), so a
/// program that takes the port of a server that stopped is refused, not read.
public final class EmbeddedAPI: Sendable {
  /// The child's address, `http://127.0.0.1:PORT`.
  public let baseURL: URL
  /// The secret the server at ``baseURL`` requires and proves (with a data file), or `nil`.
  let token: RunToken?
  /// How each take-over by the child went (from its standard error), and whether it still runs.
  let handOvers: HandOvers
  private let child: Child

  private init(baseURL: URL, token: RunToken?, handOvers: HandOvers, child: Child) {
    self.baseURL = baseURL
    self.token = token
    self.handOvers = handOvers
    self.child = child
  }

  /// The child's process id.
  var processID: Int32 { child.pid }

  /// Where the run token of the server of `dataFile` is kept: `.NAME.token` beside it.
  static func tokenFile(for dataFile: String) -> String {
    let url = URL(fileURLWithPath: dataFile)
    return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).token").path
  }

  /// The `kumiki-api` to run: `KUMIKI_API_BIN`, else the one beside this executable.
  public static func binaryPath(environment: [String: String]) -> String {
    if let path = environment["KUMIKI_API_BIN"], !path.isEmpty { return path }
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("kumiki-api").path
  }

  /// How many seconds the child may take to listen before it is killed and the start fails (it takes ~10 ms).
  static let startTimeoutSeconds = 10

  /// Starts the child and waits until it listens. `log` receives its request log (`--verbose`), one line each.
  /// Throws a one-line reason when the binary is missing, or the child exits (or does not listen within
  /// ``startTimeoutSeconds``) before listening.
  ///
  /// With `dataFile`, the child serves that json file and saves every write to it (`--db FILE --create-db`: made from
  /// the sample data on first use; `--add-missing`: a file made before a feature was added gains its collections,
  /// every key it has untouched), so edits survive restarts as with json-server; when another app's child already
  /// serves the file, this one joins it (`--join`) rather than writing the same file.
  ///
  /// `port` is where it listens (`0`: a free one); `options` are more `kumiki-api` options (a scenario's `--delay`,
  /// `--fault`, `--empty`, `--replace`).
  public static func start(
    binary: String, dataFile: String? = nil, port: Int = 0, options: [String] = [],
    log: (@Sendable (String) -> Void)?
  ) async throws -> EmbeddedAPI {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw EmbeddedAPIError(
        "\(binary) not found: build it (make build APP=kumiki-api) or give an API with --api URL")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    let tokenFile = dataFile.map(tokenFile(for:))
    process.arguments =
      ["--port", String(port), "--exit-on-eof"]
      + (dataFile.map { ["--db", $0, "--create-db", "--add-missing", "--join", "--token-file", tokenFile ?? ""] } ?? [])
      + options + (log == nil ? [] : ["--verbose"])
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let exit = ChildExit()
    process.terminationHandler = { exit.record($0.terminationStatus) }
    do {
      try process.run()
    } catch {
      throw EmbeddedAPIError("cannot run \(binary): \(error.localizedDescription)")
    }
    let child = Child(pid: process.processIdentifier, input: input.fileHandleForWriting, exit: exit)
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(startTimeoutSeconds)) { child.killUnlessListening() }
    do {
      let url = try await readListeningURL(
        child, output.fileHandleForReading, errors: errors.fileHandleForReading, dataFile: dataFile)
      let handOvers = HandOvers()
      forwardLines(errors.fileHandleForReading, to: log, handOvers: handOvers)
      // Written by whichever server holds the data file before it said where it listens.
      var token: RunToken?
      if let tokenFile {
        do {
          token = try RunToken.load(from: tokenFile)
        } catch {
          throw EmbeddedAPIError("kumiki-api started, but its run token cannot be read: \(error)")
        }
      }
      return EmbeddedAPI(baseURL: url, token: token, handOvers: handOvers, child: child)
    } catch {
      await child.stop()
      throw error
    }
  }

  /// Stops the child (closes its standard input; kills it if it has not exited within two seconds) and waits for it
  /// to exit. Later calls return at once.
  public func stop() async {
    await child.stop()
  }

  /// The child's exit status when it cannot load its data file (`kumiki-api`'s `EX_DATAERR`).
  static let unloadableDataExitStatus: Int32 = 65

  /// Reads the child's standard output up to its first line, `kumiki-api listening on URL`, on a thread of its own.
  private static func readListeningURL(
    _ child: Child, _ output: FileHandle, errors: FileHandle, dataFile: String?
  ) async throws -> URL {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
          let chunk = output.availableData
          if chunk.isEmpty { break }
          received.append(chunk)
        }
        let line = String(decoding: received.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        if let range = line.range(of: "listening on "), let url = URL(string: String(line[range.upperBound...])),
          child.markListening()
        {
          continuation.resume(returning: url)
          return
        }
        // It exited, printed something else, or was killed for taking too long: its exit and standard error say why.
        let status = child.exit.wait() ?? -1
        let reason = String(decoding: errors.readDataToEndOfFile().prefix(500), as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
        let ending = child.timedOut ? "killed: not listening after \(startTimeoutSeconds) s" : "exit status \(status)"
        var error = EmbeddedAPIError("kumiki-api did not start (\(ending)): \(reason.isEmpty ? line : reason)")
        if let dataFile, status == unloadableDataExitStatus, !child.timedOut {
          // `kumiki-api: cannot load PATH: REASON`: the reason alone, the path is known.
          let prefix = "kumiki-api: cannot load \(dataFile): "
          error.unloadableData = (
            file: dataFile, reason: reason.hasPrefix(prefix) ? String(reason.dropFirst(prefix.count)) : reason
          )
        }
        continuation.resume(throwing: error)
      }.start()
    }
  }

  /// Passes each line of `handle` to `log` and to `handOvers` until end of file (reading it even without a log, so
  /// the child never blocks on a full pipe).
  private static func forwardLines(
    _ handle: FileHandle, to log: (@Sendable (String) -> Void)?, handOvers: HandOvers
  ) {
    Thread {
      var pending = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
          pending.removeSubrange(pending.startIndex...newline)
          handOvers.record(line)
          log?(line)
        }
        if pending.count > 64 << 10 { pending.removeAll() }  // no line that long is the child's own
      }
      handOvers.childEnded()
    }.start()
  }
}

/// What a joined child says about the server it joined (`kumiki-api --join` on standard error): each time that server
/// stopped, whether it took over at the same address (`took over …`) or could not (`kumiki-api: could not take over
/// …`); and whether the child still runs (its standard error is open). The app's client waits for that outcome when
/// the address stops answering while the child runs, rather than calling the API unreachable while it changes hands
/// (``HTTPClient/provingRun(_:at:handOvers:)``).
final class HandOvers: Sendable {
  /// How a take-over ended.
  enum Outcome: Sendable, Equatable {
    case tookOver
    /// The child's own words.
    case failed(String)
  }

  private struct State {
    var ended = false
    var outcomes: [Outcome] = []
    var waiters: [Int: (after: Int, continuation: CheckedContinuation<Outcome?, Never>)] = [:]
    var nextWaiter = 0
    /// Those waiting for a request to wait (``whenWaiting()``).
    var watchers: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Whether the child still runs (a child that serves the data file itself, or joined and took over, or waits to).
  var childRuns: Bool { state.withLock { !$0.ended } }
  /// The take-overs so far.
  var count: Int { state.withLock { $0.outcomes.count } }
  /// How the last take-over went, if there was one.
  var last: Outcome? { state.withLock { $0.outcomes.last } }

  /// Takes in one line of the child's standard error.
  func record(_ line: String) {
    let outcome: Outcome
    if line.hasPrefix("took over ") {
      outcome = .tookOver
    } else if line.hasPrefix("kumiki-api: could not take over ") {
      outcome = .failed(String(line.dropFirst("kumiki-api: ".count).prefix(300)))
    } else {
      return
    }
    let ready = state.withLock { state in
      state.outcomes.append(outcome)
      let ready = state.waiters.filter { $0.value.after < state.outcomes.count }
      for key in ready.keys { state.waiters[key] = nil }
      return ready.values.map(\.continuation)
    }
    for continuation in ready { continuation.resume(returning: outcome) }
  }

  /// Returns once a request waits for a take-over (for tests: the moment to let a held child go on).
  func whenWaiting() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      state.withLock { state in
        if state.waiters.isEmpty { state.watchers.append(continuation) } else { continuation.resume() }
      }
    }
  }

  /// Records that the child's standard error ended: it exited. Waiters get `nil` at once.
  func childEnded() {
    let waiting = state.withLock { state in
      state.ended = true
      defer { state.waiters = [:] }
      return state.waiters.values.map(\.continuation)
    }
    for continuation in waiting { continuation.resume(returning: nil) }
  }

  /// The first take-over after the first `count` ones, waited for at most `limit`; `nil` when none came in time.
  func outcome(after count: Int, within limit: Duration) async -> Outcome? {
    await withCheckedContinuation { continuation in
      let waiter: Int? = state.withLock { state in
        if state.outcomes.count > count {
          continuation.resume(returning: state.outcomes[count])
          return nil
        }
        if state.ended {
          continuation.resume(returning: nil)
          return nil
        }
        let id = state.nextWaiter
        state.nextWaiter += 1
        state.waiters[id] = (count, continuation)
        for watcher in state.watchers { watcher.resume() }
        state.watchers = []
        return id
      }
      guard let waiter else { return }
      let (seconds, attoseconds) = limit.components
      let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
        let expired = state.withLock { $0.waiters.removeValue(forKey: waiter) }
        expired?.continuation.resume(returning: nil)
      }
    }
  }
}

/// Why the embedded API could not start, in one line.
struct EmbeddedAPIError: Error, CustomStringConvertible {
  let description: String
  /// Set when it could not load its data file: the file, and why in `kumiki-api`'s words (`malformed JSON at line 1,
  /// column 2: …`, `cannot read PATH: it is a directory, not a data file`).
  var unloadableData: (file: String, reason: String)?

  init(_ description: String) {
    self.description = description
  }
}

/// How the child ended, recorded by its termination handler.
private final class ChildExit: Sendable {
  private let status = Mutex<Int32?>(nil)
  private let ended = DispatchSemaphore(value: 0)

  func record(_ code: Int32) {
    status.withLock { $0 = code }
    ended.signal()
  }

  /// Waits until the child has exited, or until `deadline`; its exit status, or `nil` if it still runs.
  @discardableResult
  func wait(until deadline: DispatchTime = .distantFuture) -> Int32? {
    guard ended.wait(timeout: deadline) == .success else { return nil }
    ended.signal()  // for the next waiter
    return status.withLock { $0 }
  }
}

/// The running child process and the write end of its standard input.
private final class Child: Sendable {
  let exit: ChildExit
  let pid: Int32
  private let input: FileHandle
  /// Whether it listened, and whether `stop` ran: the start-up watchdog kills only a child that never listened.
  private let state = Mutex((listening: false, stopped: false, timedOut: false))

  init(pid: Int32, input: FileHandle, exit: ChildExit) {
    self.pid = pid
    self.input = input
    self.exit = exit
  }

  /// Records that it listens; `false` when the watchdog already killed it.
  func markListening() -> Bool {
    state.withLock { state in
      guard exit.wait(until: .now()) == nil else { return false }
      state.listening = true
      return true
    }
  }

  /// Whether the watchdog killed it for not listening in time.
  var timedOut: Bool { state.withLock { $0.timedOut } }

  func killUnlessListening() {
    state.withLock { state in
      guard !state.listening && !state.stopped, exit.wait(until: .now()) == nil else { return }
      state.timedOut = true
      _ = kill(pid, SIGKILL)
    }
  }

  func stop() async {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    try? input.close()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread { [exit, pid] in
        if exit.wait(until: .now() + 2) == nil {
          _ = kill(pid, SIGKILL)  // its graceful shutdown stalled: SIGTERM would only ask for it again
          exit.wait()
        }
        continuation.resume()
      }.start()
    }
  }
}
