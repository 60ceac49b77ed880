import Synchronization

/// What a ``TestStore`` saw reach its reducer, and who is waiting for it.
final class ActionRecording<State: Sendable, Action: Sendable>: Sendable {
  struct Entry: Sendable {
    let action: Action
    let before: State
    let after: State
  }

  private struct Storage {
    var expectingSent = false
    var sent: Entry?
    var received: [Entry] = []
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let storage = Mutex(Storage())

  /// Called by the wrapped reducer for every action.
  func record(_ entry: Entry) {
    let waiter = storage.withLock { storage -> CheckedContinuation<Void, Never>? in
      if storage.expectingSent {
        storage.expectingSent = false
        storage.sent = entry
        return nil
      }
      storage.received.append(entry)
      defer { storage.waiter = nil }
      return storage.waiter
    }
    waiter?.resume()
  }

  func beginSend() {
    storage.withLock {
      $0.expectingSent = true; $0.sent = nil
    }
  }

  func endSend() -> Entry? {
    storage.withLock { storage in
      storage.expectingSent = false
      return storage.sent
    }
  }

  var pending: [Entry] { storage.withLock { $0.received } }

  func popReceived() -> Entry? {
    storage.withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
  }

  func removeAllReceived() { storage.withLock { $0.received.removeAll() } }

  /// Suspends until an action is recorded or `idle` finishes, whichever comes first (returns at once when actions
  /// are already waiting).
  func waitForActivity(idle: @escaping @Sendable () async -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = storage.withLock { storage -> Bool in
        if !storage.received.isEmpty { return true }
        storage.waiter = continuation
        return false
      }
      if ready { return continuation.resume() }
      Task {
        await idle()
        let waiter = self.storage.withLock { storage -> CheckedContinuation<Void, Never>? in
          defer { storage.waiter = nil }
          return storage.waiter
        }
        waiter?.resume()
      }
    }
  }
}
