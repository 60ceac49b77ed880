import Networking
import Synchronization

/// Identical requests in flight, fetched once: the first caller for a key starts the fetch, later callers wait for
/// the same answer. The fetch is cancelled when every caller waiting for it has been cancelled, and no later caller
/// joins it then: a read that replaces a cancelled one (a screen's re-read replacing the one before) gets a fetch of
/// its own, not the cancellation.
final class SharedFetches: Sendable {
  private final class Fetch: Sendable {
    let task: Task<HTTPResponse, any Error>
    let waiters = Mutex(1)

    init(_ task: Task<HTTPResponse, any Error>) {
      self.task = task
    }
  }

  private let fetches = Mutex<[String: Fetch]>([:])
  private let started = Mutex(0)

  /// How many fetches were started (not joined) so far.
  var startedCount: Int { started.withLock { $0 } }

  /// How many callers wait for the fetch of `key` now.
  func waiting(on key: String) -> Int {
    fetches.withLock { $0[key]?.waiters.withLock { $0 } ?? 0 }
  }

  /// Lets the fetches in flight finish for those waiting on them, but no later caller joins one: what a write changed
  /// since they were sent would be missing from their answer (a refetch after an invalidation gets a fetch of its own).
  func detachAll() {
    fetches.withLock { $0.removeAll() }
  }

  /// The answer of the fetch for `key`: joins one in flight, or starts `operation`.
  func run(
    _ key: String, _ operation: @escaping @Sendable () async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    let fetch = fetches.withLock { fetches -> Fetch in
      if let fetch = fetches[key] {
        fetch.waiters.withLock { $0 += 1 }
        return fetch
      }
      let fetch = Fetch(Task { try await operation() })
      fetches[key] = fetch
      started.withLock { $0 += 1 }
      return fetch
    }
    defer { fetches.withLock { if $0[key] === fetch { $0[key] = nil } } }
    return try await withTaskCancellationHandler {
      try await fetch.task.value
    } onCancel: {
      // Left and taken out of the table at once (joining happens under the same lock): a caller that comes after
      // the last one left starts a new fetch.
      let abandoned = fetches.withLock { fetches in
        let remaining = fetch.waiters.withLock { waiters in
          waiters -= 1
          return waiters
        }
        if remaining == 0, fetches[key] === fetch { fetches[key] = nil }
        return remaining == 0
      }
      if abandoned { fetch.task.cancel() }
    }
  }
}
