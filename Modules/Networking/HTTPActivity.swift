import Synchronization

/// An observable count of requests in flight, for an activity indicator.
///
/// ``HTTPClient/send(_:)`` counts every request it runs here; a client's copies share one activity.
public final class HTTPActivity: Sendable {
  private struct State {
    var inFlight = 0
    var nextObserver = 0
    var observers: [Int: AsyncStream<Int>.Continuation] = [:]
  }

  private let state = Mutex(State())

  /// Creates an activity with nothing in flight.
  public init() {}

  /// The number of requests started and not yet finished.
  public var inFlight: Int {
    state.withLock { $0.inFlight }
  }

  /// The count now, then each change, newest first if the reader falls behind. Ends when the reader stops.
  public func updates() -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = continuation
      continuation.yield(state.inFlight)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Records the start of a request.
  public func begin() {
    change(by: 1)
  }

  /// Records the end of a request started with ``begin()``.
  public func end() {
    change(by: -1)
  }

  private func change(by delta: Int) {
    state.withLock { state in
      state.inFlight += delta
      // Yield under the lock so observers see changes in order; `yield` never calls back into us.
      for observer in state.observers.values {
        observer.yield(state.inFlight)
      }
    }
  }
}
