import Foundation
import Synchronization

/// What the query layer learnt about the network in this process: whether the last request reached the API, and
/// the oldest data it showed instead because it did not. The TUI's status bar and the CLI's offline notice read it.
public final class NetworkReachability: Sendable {
  private struct State {
    var unreachable: String?
    var offlineDataSince: Date?
    var reconnectHandlers: [@Sendable () -> Void] = []
  }

  private let state = Mutex(State())

  public init() {}

  /// Why the last request did not reach the API (refused, timed out, a server error), or `nil` when it did or
  /// nothing was sent yet.
  public var unreachableReason: String? { state.withLock { $0.unreachable } }

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
    state.withLock { $0.unreachable = reason }
  }

  func servedOffline(fetchedAt: Date) {
    state.withLock { $0.offlineDataSince = min($0.offlineDataSince ?? fetchedAt, fetchedAt) }
  }
}
