import Foundation

/// Runs the built `kumiki` with `--db FOLDER/kumiki.sqlite ARGUMENTS` (and `--api URL` when a server is given).
public func kumiki(
  _ arguments: [String], api: URL? = nil, folder: TemporaryFolder, environment: [String: String] = [:]
) async throws -> CommandResult {
  let api = api.map { ["--api", $0.absoluteString] } ?? []
  return try await CommandResult.launch(
    BuiltBinary.path("kumiki"), api + ["--db", folder.path + "/kumiki.sqlite"] + arguments, environment: environment)
}

/// What a run of a built binary printed and returned.
public struct CommandResult: Sendable {
  /// The exit status (or the signal's number, when ``signalled``).
  public let status: Int32
  /// What it wrote on standard output.
  public let stdout: String
  /// What it wrote on standard error.
  public let stderr: String
  /// Whether a signal ended the process (a crash: SIGILL from a trap, SIGSEGV…); `status` is then the signal.
  public var signalled = false

  /// A result as a run returned it.
  public init(status: Int32, stdout: String, stderr: String, signalled: Bool = false) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.signalled = signalled
  }

  /// ``run(_:_:environment:)`` on a thread of its own, so a test waiting for the process holds none of the
  /// cooperative pool's threads: suites run in parallel, and two of them blocked in `waitUntilExit` on a two-core
  /// machine would starve the in-process fixture server the processes talk to.
  public static func launch(
    _ binary: String, _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> CommandResult {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try run(binary, arguments, environment: environment) }) }.start()
    }
  }

  /// Runs `binary` with `arguments` and `environment` (added to a minimal one), no standard input, blocking the
  /// calling thread until it exits (see ``launch(_:_:environment:)``).
  public static func run(
    _ binary: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws
    -> CommandResult
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TERM": "xterm-256color"]
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Drain stderr on its own OS thread (not a task: the cooperative pool may be only two threads) while this
    // thread drains stdout, so neither pipe can fill up and block the child.
    let errors = DataBox()
    let drained = DispatchSemaphore(value: 0)
    let reader = Thread {
      errors.data = err.fileHandleForReading.readDataToEndOfFile()
      drained.signal()
    }
    reader.start()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    process.waitUntilExit()
    let errorData = errors.data
    return CommandResult(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self), signalled: process.terminationReason == .uncaughtSignal)
  }
}

private final class DataBox: @unchecked Sendable {
  // @unchecked: written once by the reader thread before the semaphore is signalled, read after waiting on it.
  var data = Data()
}
