import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A process a chaos run starts (`kumiki`, `kumiki-api`): its output in files, killed with SIGKILL when the schedule
/// says so, awaited without holding a thread (its termination handler resumes the waiters).
final class ChaosChild: @unchecked Sendable {
  // @unchecked: `process` is configured and started in `init`; afterwards only its status is read, once it exited.
  private let process = Process()
  private let exited = ExitSignal()
  /// The files its output goes to, closed once it exited.
  private let files: [FileHandle]
  /// Whether ``kill()`` ended it, and whether that was ``exit(within:)``'s bound.
  private let killedByUs = Mutex(false)
  private let overran = Mutex(false)
  /// Its process id.
  let pid: Int32

  /// Starts `binary` with `arguments` in a minimal environment plus `environment`, standard output to `output`
  /// (a file, or a pipe when `nil`: ``standardOutput``), standard error to the file `errors`; standard input at its
  /// end, or, with `holdsInput`, a pipe this process holds open until it ends (a child started with `--exit-on-eof`
  /// then outlives no test run that crashed).
  init(
    _ binary: String, _ arguments: [String], environment: [String: String] = [:], output: String?, errors: String,
    holdsInput: Bool = false
  ) throws {
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TERM": "dumb"]
    env.merge(environment) { $1 }
    process.environment = env
    var files: [FileHandle] = []
    if let output {
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      files.append(try FileHandle(forWritingTo: URL(fileURLWithPath: output)))
      process.standardOutput = files.last
    } else {
      process.standardOutput = Pipe()
    }
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    files.append(try FileHandle(forWritingTo: URL(fileURLWithPath: errors)))
    process.standardError = files.last
    self.files = files
    process.standardInput = holdsInput ? Pipe() : FileHandle.nullDevice
    process.terminationHandler = { [exited] _ in exited.signal() }
    do {
      try process.run()
    } catch {
      for file in files { try? file.close() }
      throw error
    }
    pid = process.processIdentifier
  }

  /// The reading end of standard output when it was given no file.
  var standardOutput: FileHandle? { (process.standardOutput as? Pipe)?.fileHandleForReading }

  /// Whether it has exited.
  var hasExited: Bool { exited.hasHappened }

  /// Sends SIGKILL unless it has exited; returns whether it was sent.
  @discardableResult
  func kill() -> Bool {
    exited.unlessHappened {
      killedByUs.withLock { $0 = true }
      return Glibc.kill(pid, SIGKILL) == 0
    } ?? false
  }

  /// Whether ``kill()`` sent its signal.
  var wasKilled: Bool { killedByUs.withLock { $0 } }

  /// Whether it outlived the bound of ``exit(within:)`` (and was killed for it).
  var timedOut: Bool { overran.withLock { $0 } }

  /// Waits until it exits; after `limit`, kills it (a hung child is a finding, never a hung run).
  func exit(within limit: Duration) async -> (status: Int32, signalled: Bool) {
    let guardTask = Task { [self] in
      try await Task.sleep(for: limit)
      overran.withLock { $0 = true }
      kill()
    }
    await exited.wait()
    guardTask.cancel()
    for file in files { try? file.close() }
    return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
  }

  /// That the process exited, told once to every waiter (its termination handler's side, kept apart from the
  /// process so the handler holds no reference to it).
  private final class ExitSignal: Sendable {
    private let state = Mutex<(happened: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    var hasHappened: Bool { state.withLock { $0.happened } }

    func signal() {
      let waiters = state.withLock { state in
        state.happened = true
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume() }
    }

    /// `body`'s result, run under the lock unless the exit happened (then `nil`).
    func unlessHappened<T>(_ body: () -> T) -> T? {
      state.withLock { $0.happened ? nil : body() }
    }

    func wait() async {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state in
          if state.happened { return true }
          state.waiters.append(continuation)
          return false
        }
        if now { continuation.resume() }
      }
    }
  }
}
