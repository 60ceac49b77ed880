/// Tasks waiting for a test double's count (calls started, sleeps waiting) to reach a number: the double keeps one
/// beside its count in its own `Mutex`, so the two change together, and waits with ``wait(for:in:)``.
///
/// A wait whose task is cancelled returns at once (a test's time limit cancels it), so a count that never comes fails
/// the test at its limit instead of hanging it. `TestClock.sleepers(count:)` is one.
public struct CountWaiters: Sendable {
  private var nextID = 0
  private var waiting: [(id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  /// Waits cancelled before they were registered: they return at once.
  private var cancelledEarly: Set<Int> = []

  /// No one waiting.
  public init() {}

  /// Removes and returns the waits that `current` satisfies: resume them once the lock is released.
  public mutating func satisfied(by current: Int) -> [CheckedContinuation<Void, Never>] {
    let satisfied = waiting.filter { $0.count <= current }.map(\.continuation)
    waiting.removeAll { $0.count <= current }
    return satisfied
  }

  /// Returns once the count is at least `count`, or when its task is cancelled. `access` runs its argument under the
  /// double's lock with these waiters and the count now:
  /// `{ body in state.withLock { state in body(&state.waiters, state.calls) } }`.
  public static func wait(
    for count: Int, in access: @Sendable (_ body: (inout CountWaiters, _ current: Int) -> Void) -> Void
  ) async {
    let id = {
      var id = 0
      access { waiters, _ in
        id = waiters.nextID
        waiters.nextID += 1
      }
      return id
    }()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        var ready = false
        access { waiters, current in
          if waiters.cancelledEarly.remove(id) != nil || current >= count {
            ready = true
          } else {
            waiters.waiting.append((id, count, continuation))
          }
        }
        if ready { continuation.resume() }
      }
    } onCancel: {
      var found: CheckedContinuation<Void, Never>?
      access { waiters, _ in
        if let index = waiters.waiting.firstIndex(where: { $0.id == id }) {
          found = waiters.waiting.remove(at: index).continuation
        } else {
          waiters.cancelledEarly.insert(id)
        }
      }
      found?.resume()
    }
  }
}
