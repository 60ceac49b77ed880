import Synchronization

/// A clock whose time moves only when a test says so: effects that debounce, time out or poll sleep on it, and the
/// test calls ``advance(by:)`` instead of sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: State(), reducer: reducer, middlewares: middlewares, clock: clock)
/// await store.send(.queryChanged("ca")) { $0.query = "ca" }
/// clock.advance(by: .milliseconds(300))   // the debounced search starts now
/// await store.receive(.results(…)) { … }
/// ```
///
/// Sleeps are woken in deadline order. A sleep whose deadline has already passed returns at once; a cancelled
/// sleep throws `CancellationError`.
public final class TestClock: Clock, Sendable {
  /// A point in test time: the duration since the clock was made.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// Time since the clock's start.
    public var offset: Duration

    /// An instant `offset` after the start.
    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct Timeline {
    var now = Instant()
    var nextID = 0
    var sleepers: [Sleeper] = []
    /// Sleeps cancelled before they were registered.
    var cancelled: Set<Int> = []
    /// Callers of ``sleepers(count:)`` waiting for that many sleeps.
    var watchers = CountWaiters()
  }

  private let timeline = Mutex(Timeline())

  /// A clock at time zero.
  public init() {}

  /// The current test time.
  public var now: Instant { timeline.withLock { $0.now } }

  /// No resolution limit: every deadline is exact.
  public var minimumResolution: Duration { .zero }

  /// Number of sleeps waiting for time to move (for tests that need to know an effect is waiting).
  public var sleeperCount: Int { timeline.withLock { $0.sleepers.count } }

  /// Returns once at least `count` sleeps are waiting for time to move: effects started on other tasks have
  /// reached their wait, so ``advance(by:)`` wakes them in deadline order.
  ///
  /// A cancelled wait returns at once (a test's time limit cancels it), so a sleep that never comes fails the test
  /// at its limit instead of hanging it.
  public func sleepers(count: Int) async {
    await CountWaiters.wait(for: count) { body in
      timeline.withLock { timeline in
        let waiting = timeline.sleepers.count
        body(&timeline.watchers, waiting)
      }
    }
  }

  /// Suspends until the test moves time to `deadline` or past it.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = timeline.withLock { timeline -> Int in
      defer { timeline.nextID += 1 }
      return timeline.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (outcome, watchers) = timeline.withLock {
          timeline -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
          if timeline.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
          if deadline <= timeline.now { return (.success(()), []) }
          timeline.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (nil, timeline.watchers.satisfied(by: timeline.sleepers.count))
        }
        for watcher in watchers { watcher.resume() }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = timeline.withLock { timeline -> Sleeper? in
        guard let index = timeline.sleepers.firstIndex(where: { $0.id == id }) else {
          timeline.cancelled.insert(id)
          return nil
        }
        return timeline.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration` and wakes, in deadline order, every sleep that is now due.
  public func advance(by duration: Duration = .zero) {
    precondition(duration >= .zero, "TestClock cannot go back in time")
    let due = timeline.withLock { timeline -> [Sleeper] in
      timeline.now = timeline.now.advanced(by: duration)
      let now = timeline.now
      let due = timeline.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      timeline.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Moves time to the latest deadline waiting now, waking every sleep.
  public func run() {
    let latest = timeline.withLock { timeline in timeline.sleepers.map(\.deadline).max() }
    guard let latest else { return }
    advance(by: now.duration(to: latest))
  }
}
