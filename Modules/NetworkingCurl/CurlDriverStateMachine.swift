/// The driver's bookkeeping, kept apart from libcurl: which transfers are running, and what to do with each
/// submission, cancellation, completion and shutdown. Pure; the driver performs the returned actions.
///
/// Invariant: a transfer is resumed exactly once, by whoever receives it in a `.fail`, `.stop` or
/// `.finish` action or in the list returned by ``shutDown()``.
struct CurlDriverStateMachine<Transfer: AnyObject> {
  /// Why a transfer ends without a response.
  enum Failure: Equatable {
    /// The calling task was cancelled: resume with `CancellationError`.
    case cancelled
    /// The client is shutting down: resume with ``Networking/HTTPError/cancelled(_:)``.
    case shutDown
  }

  /// What to do with a submitted transfer.
  enum SubmitAction {
    /// Configure its easy handle and add it to the multi handle.
    case start(Transfer)
    /// Resume it with this failure; it never reaches libcurl.
    case fail(Transfer, Failure)
  }

  private var isShutDown = false
  private var running: [ObjectIdentifier: Transfer] = [:]

  /// The number of transfers started and not yet finished, stopped or failed.
  var runningCount: Int { running.count }

  /// A transfer arrives from a task. `isCancelled` is its cancellation flag, read now: a cancellation
  /// can overtake its own submission.
  mutating func submit(_ transfer: Transfer, isCancelled: Bool) -> SubmitAction {
    if isShutDown { return .fail(transfer, .shutDown) }
    if isCancelled { return .fail(transfer, .cancelled) }
    running[ObjectIdentifier(transfer)] = transfer
    return .start(transfer)
  }

  /// Starting `transfer` failed (no easy handle, `curl_multi_add_handle` refused): forget it; the driver
  /// resumes it with the error.
  mutating func startFailed(_ transfer: Transfer) {
    running[ObjectIdentifier(transfer)] = nil
  }

  /// The task of `transfer` was cancelled. Returns the transfer if it is running: remove its handle and
  /// resume it with `CancellationError`. `nil` if it already finished or has not arrived yet (its
  /// submission will see the flag).
  mutating func cancel(_ transfer: Transfer) -> Transfer? {
    running.removeValue(forKey: ObjectIdentifier(transfer))
  }

  /// libcurl reports `transfer` done. Returns it if it was running: remove its handle and resume it with
  /// its outcome. `nil` if it was already stopped.
  mutating func finish(_ transfer: Transfer) -> Transfer? {
    running.removeValue(forKey: ObjectIdentifier(transfer))
  }

  /// The client is going away: returns every running transfer, to be removed and resumed with
  /// ``Failure/shutDown``. Later submissions fail the same way.
  mutating func shutDown() -> [Transfer] {
    isShutDown = true
    defer { running.removeAll() }
    return Array(running.values)
  }
}
