import Foundation
import Synchronization

/// The embedded fixture API: a `kumiki-api` child process on an ephemeral loopback port, so `kumiki` and
/// `kumiki-tui` work with no `--api` and without linking the server (NIO, Hummingbird) themselves.
///
/// The binary is `KUMIKI_API_BIN` when set, else `kumiki-api` next to the running executable (where
/// `make build` and `swift build` put it). The child runs with `--exit-on-eof`: ``stop()`` closes its standard
/// input, and if the app dies first the kernel closes it, so no server outlives its app.
final class EmbeddedAPI: Sendable {
  /// The child's address, `http://127.0.0.1:PORT`.
  let baseURL: URL
  private let child: Child

  private init(baseURL: URL, child: Child) {
    self.baseURL = baseURL
    self.child = child
  }

  /// The `kumiki-api` to run: `KUMIKI_API_BIN`, else the one beside this executable.
  static func binaryPath(environment: [String: String]) -> String {
    if let path = environment["KUMIKI_API_BIN"], !path.isEmpty { return path }
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("kumiki-api").path
  }

  /// Starts the child and waits until it listens. `log` receives its request log (`--verbose`), one line each.
  /// Throws a one-line reason when the binary is missing or the child exits before listening.
  static func start(binary: String, log: (@Sendable (String) -> Void)?) async throws -> EmbeddedAPI {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw EmbeddedAPIError(
        "\(binary) not found: build it (make build APP=kumiki-api) or give an API with --api URL")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--port", "0", "--exit-on-eof"] + (log == nil ? [] : ["--verbose"])
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      throw EmbeddedAPIError("cannot run \(binary): \(error.localizedDescription)")
    }
    try? input.fileHandleForReading.close()  // the child's copy is the only read end
    let pid = process.processIdentifier
    let child = Child(input: input.fileHandleForWriting, exited: exited, terminate: { _ = kill(pid, SIGTERM) })
    do {
      let url = try await readListeningURL(output.fileHandleForReading, errors: errors.fileHandleForReading)
      forwardLines(errors.fileHandleForReading, to: log)
      return EmbeddedAPI(baseURL: url, child: child)
    } catch {
      await child.stop()
      throw error
    }
  }

  /// Stops the child (closes its standard input; terminates it if it has not exited within two seconds) and waits
  /// for it to exit. Later calls return at once.
  func stop() async {
    await child.stop()
  }

  /// Reads the child's standard output up to its first line, `kumiki-api listening on URL`, on a thread of its own.
  private static func readListeningURL(_ output: FileHandle, errors: FileHandle) async throws -> URL {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
          let chunk = output.availableData
          if chunk.isEmpty { break }
          received.append(chunk)
        }
        let line = String(decoding: received.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        if let range = line.range(of: "listening on "), let url = URL(string: String(line[range.upperBound...])) {
          continuation.resume(returning: url)
          return
        }
        // It exited (or printed something else): its standard error says why.
        let reason = String(decoding: errors.readDataToEndOfFile().prefix(500), as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
        continuation.resume(
          throwing: EmbeddedAPIError("kumiki-api did not start: \(reason.isEmpty ? line : reason)"))
      }.start()
    }
  }

  /// Passes each line of `handle` to `log` until end of file (reading it even without a log, so the child never
  /// blocks on a full pipe).
  private static func forwardLines(_ handle: FileHandle, to log: (@Sendable (String) -> Void)?) {
    Thread {
      var pending = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        guard let log else { continue }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          log(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
          pending.removeSubrange(pending.startIndex...newline)
        }
      }
    }.start()
  }
}

/// Why the embedded API could not start, in one line.
struct EmbeddedAPIError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The running child process and the write end of its standard input.
private final class Child: Sendable {
  private let input: FileHandle
  private let exited: DispatchSemaphore
  private let terminate: @Sendable () -> Void
  private let stopped = Mutex(false)

  /// `exited` is signalled by the process's termination handler (set before it ran).
  init(input: FileHandle, exited: DispatchSemaphore, terminate: @escaping @Sendable () -> Void) {
    self.input = input
    self.exited = exited
    self.terminate = terminate
  }

  func stop() async {
    let first = stopped.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return }
    try? input.close()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread { [exited, terminate] in
        if exited.wait(timeout: .now() + 2) == .timedOut {
          terminate()
          exited.wait()
        }
        continuation.resume()
      }.start()
    }
  }
}
