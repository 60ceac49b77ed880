import Core
import Foundation
import Synchronization

/// Saves one feature's persisted state off the dispatch path, one write at a time, always ending with the latest
/// value: changes that arrive while a write runs are coalesced into the next write, and a value equal to the last
/// one enqueued is not written again. Writes are store effects, so `settled()` waits for them.
final class PersistenceWriter: Sendable {
  private struct Pending {
    var latest: (version: Int, data: Data)?
    var lastEnqueued: (version: Int, data: Data)?
    var writing = false
  }

  private let key: String
  private let storage: FeatureStateStorage
  private let pending = Mutex(Pending())
  private let failures: @Sendable (any Error) -> Void

  /// A writer for `key`. `stored` is the value the state held once restored (what storage holds, or what its
  /// absence means): a value equal to it is not written, so a run that leaves the state as it found it writes nothing.
  init(
    key: String, storage: FeatureStateStorage, stored: (version: Int, data: Data)? = nil,
    failures: @escaping @Sendable (any Error) -> Void
  ) {
    self.key = key
    self.storage = storage
    self.failures = failures
    pending.withLock { $0.lastEnqueued = stored }
  }

  /// Records a new value unless it equals the last one; starts the writer effect on `store` unless one is already
  /// running.
  func enqueue<State, Action>(version: Int, data: Data, on store: Store<State, Action>) {
    let start = pending.withLock { pending -> Bool in
      if let last = pending.lastEnqueued, last.version == version, last.data == data { return false }
      pending.lastEnqueued = (version, data)
      pending.latest = (version, data)
      if pending.writing { return false }
      pending.writing = true
      return true
    }
    guard start else { return }
    store.run { [self] _ in
      while let next = self.takeNext() {
        do {
          try await storage.save(key, next.version, next.data)
        } catch {
          failures(error)
        }
      }
    }
  }

  private func takeNext() -> (version: Int, data: Data)? {
    pending.withLock { pending in
      guard let next = pending.latest else {
        pending.writing = false
        return nil
      }
      pending.latest = nil
      return next
    }
  }
}
