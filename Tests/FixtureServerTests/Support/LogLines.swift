import Synchronization

/// Collects the lines a server logs, for tests to read.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  /// The function to give as a log.
  var log: @Sendable (String) -> Void {
    { line in self.lines.withLock { $0.append(line) } }
  }

  /// The lines so far.
  var all: [String] { lines.withLock { $0 } }
}

/// Polls `condition` until it holds or `timeout` passes (no fixed wait: it asks again as soon as it can, yielding
/// to the server between asks). Returns whether it held.
func eventually(
  timeout: Duration = .seconds(20), _ condition: () async throws -> Bool
) async throws -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    await Task.yield()
  }
  return try await condition()
}
