import Foundation
import Synchronization

/// What the query layer learnt about the network in this process: whether the last request reached the API, and
/// the oldest data it showed instead because it did not. The TUI's status bar and the CLI's offline notice read it.
public final class NetworkReachability: Sendable {
  private struct State {
    var unreachable: String?
    var offlineDataSince: Date?
    var reconnectHandlers: [@Sendable () -> Void] = []
    /// Callers of ``untilUnreachable()`` waiting for a failure, by a number of their own.
    var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    var nextWaiter = 0
  }

  private let state = Mutex(State())

  public init() {}

  /// Why the last request did not reach the API (refused, timed out, a server error), or `nil` when it did or
  /// nothing was sent yet.
  public var unreachableReason: String? { state.withLock { $0.unreachable } }

  /// What a status line says while the API does not answer: `server error` when it answered 5xx last (it is up,
  /// but failing), `offline` when it could not be reached (refused, timed out); `nil` when it answered.
  public var unreachableStatus: String? {
    state.withLock { $0.unreachable }.map { $0.hasPrefix(QueryCache.serverErrorReason) ? "server error" : "offline" }
  }

  /// The fetch time of the oldest cached answer given because the network failed, or `nil` if none was.
  public var offlineDataSince: Date? { state.withLock { $0.offlineDataSince } }

  /// Calls `handler` each time a request reaches the API after one did not (``unreachableReason`` goes from a
  /// reason to `nil`), on the thread of that request. The composition root turns it into the app event
  /// `reconnected`, after which screens showing offline data refetch once.
  public func onReconnect(_ handler: @escaping @Sendable () -> Void) {
    state.withLock { $0.reconnectHandlers.append(handler) }
  }

  func reached() {
    let handlers = state.withLock { state in
      defer { state.unreachable = nil }
      return state.unreachable == nil ? [] : state.reconnectHandlers
    }
    for handler in handlers { handler() }
  }

  func failed(_ reason: String) {
    let waiters = state.withLock { state in
      state.unreachable = reason
      defer { state.waiters = [:] }
      return state.waiters.values
    }
    for waiter in waiters { waiter.resume(returning: true) }
  }

  /// Returns `true` once a request has not reached the API (at once if the last one did not), `false` when the
  /// caller is cancelled first. Event-driven: nothing polls.
  func untilUnreachable() async -> Bool {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let resumeNow: Bool? = state.withLock { state in
          if state.unreachable != nil { return true }
          if Task.isCancelled { return false }
          state.waiters[id] = continuation
          return nil
        }
        if let resumeNow { continuation.resume(returning: resumeNow) }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
    }
  }

  func servedOffline(fetchedAt: Date) {
    state.withLock { $0.offlineDataSince = min($0.offlineDataSince ?? fetchedAt, fetchedAt) }
  }
}
