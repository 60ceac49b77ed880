import CLI
import FeatureAssembly
import FeatureKit
import Synchronization

/// A ``TextStream`` that records what is written, pretending to be a terminal or not.
final class CapturedStream: TextStream {
  let isTerminal: Bool
  let columns: Int?
  private let onWrite: @Sendable (String) -> Void
  private let buffer = Mutex("")

  init(isTerminal: Bool = false, columns: Int? = nil, onWrite: @escaping @Sendable (String) -> Void = { _ in }) {
    self.isTerminal = isTerminal
    self.columns = columns
    self.onWrite = onWrite
  }

  func write(_ text: String) {
    buffer.withLock { $0 += text }
    onWrite(text)
  }

  var text: String { buffer.withLock { $0 } }
}

/// The outcome of one in-process `kumiki` run.
struct Run: Equatable {
  var status: Int32
  var output: String
  var error: String
}

/// Runs `kumiki` in process against the test app, capturing both streams.
func kumiki(
  _ arguments: [String], environment: [String: String] = [:], app: (@Sendable () throws -> AppRuntime)? = nil
) async -> Run {
  let output = CapturedStream()
  let error = CapturedStream()
  let status = await KumikiCLI.main(
    arguments: arguments, environment: environment, version: "1.2.3", standardOutput: output, standardError: error
  ) { _, _ in try app?() ?? makeTestApp() }
  return Run(status: status, output: output.text, error: error.text)
}
