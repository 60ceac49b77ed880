import Networking
import Synchronization

/// What a query layer reports about a read, for fakes of feature clients: where the answer came from and the
/// background refresh it started, reported into the ``QueryTrace`` the read runs in — as `QueryCache` does under a
/// live client. The test decides when such a refresh ends, so it can assert the screen while the stale answer is
/// shown and again after the refresh.
///
/// ```swift
/// let layer = PretendQueryLayer()
/// let client = MenuClient(load: { layer.answer(dishes, origin: .stale(fetchedAt: date, age: 300), refresh: .some(nil)) })
/// layer.holdRefreshes()
/// await store.send(.load(.appear)) { … }    // the stale menu, "refreshing…"
/// layer.endRefresh()
/// await store.receive(…)
/// ```
public final class PretendQueryLayer: Sendable {
  private struct Gate {
    var waiting: [CheckedContinuation<Void, Never>] = []
    var refreshMayEnd = true
  }

  private let gate = Mutex(Gate())

  public init() {}

  /// Reports `origin` into the current trace and, when `refresh` is not `nil`, a background refresh that returns
  /// `refresh!` (`nil` for success, a reason for a failure) once allowed to end; returns `value`.
  public func answer<Value>(_ value: Value, origin: DataOrigin, refresh: String?? = nil) -> Value {
    let trace = QueryTrace.current
    trace?.report(origin)
    if let outcome = refresh {
      trace?.report(
        refresh: Task {
          await self.waitForRefreshToEnd()
          return outcome
        })
    }
    return value
  }

  /// Makes the refreshes started from now on wait for ``endRefresh()`` instead of ending at once.
  public func holdRefreshes() {
    gate.withLock { $0.refreshMayEnd = false }
  }

  /// Lets the held refreshes end (now those waiting, or as soon as they start).
  public func endRefresh() {
    let waiting = gate.withLock { gate in
      gate.refreshMayEnd = true
      defer { gate.waiting = [] }
      return gate.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  private func waitForRefreshToEnd() async {
    await withCheckedContinuation { continuation in
      let now = gate.withLock { gate in
        if gate.refreshMayEnd { return true }
        gate.waiting.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }
}
