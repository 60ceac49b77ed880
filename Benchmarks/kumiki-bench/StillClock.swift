import Synchronization

/// A clock whose time never moves: sleeps on it end only when cancelled, and then at once.
///
/// The wait is a continuation resumed by the cancellation handler, not a long `Task.sleep`: a cancelled
/// `Task.sleep` keeps its job and timer (about 0.7 KB) until the deadline it was given
/// (swiftlang/swift#60441), so an hour-long sleep per keystroke made a long session look like it leaked 0.7 KB per
/// key. With the wall clock the apps use, a cancelled debounce wait holds its memory for the debounce's 300 ms only.
struct StillClock: Clock {
  let now = ContinuousClock.now
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    let wait = CancellableWait()
    await withTaskCancellationHandler {
      await withCheckedContinuation { wait.park($0) }
    } onCancel: {
      wait.cancel()
    }
    throw CancellationError()
  }
}

/// A continuation parked until cancellation, whichever of parking and cancelling comes first.
private final class CancellableWait: Sendable {
  private enum Phase {
    case waiting
    case parked(CheckedContinuation<Void, Never>)
    case cancelled
  }

  private let phase = Mutex(Phase.waiting)

  func park(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = phase.withLock { phase in
      if case .cancelled = phase { return true }
      phase = .parked(continuation)
      return false
    }
    if resumeNow { continuation.resume() }
  }

  func cancel() {
    let parked = phase.withLock { phase -> CheckedContinuation<Void, Never>? in
      defer { phase = .cancelled }
      if case .parked(let continuation) = phase { return continuation }
      return nil
    }
    parked?.resume()
  }
}
