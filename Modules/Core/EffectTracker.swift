import Synchronization

/// Tracks every in-flight effect of a store so they can be cancelled by id and awaited as a whole.
final class EffectTracker: Sendable {
  private struct State {
    var nextSerial: UInt64 = 1
    var running: [UInt64: EffectHandle] = [:]
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  var count: Int { state.withLock { $0.running.count } }

  /// Registers a new effect, returning it and the effects it replaces (same id, when `cancelInFlight`).
  func begin(id: EffectID?, cancelInFlight: Bool) -> (EffectHandle, replaced: [EffectHandle]) {
    state.withLock { state in
      let handle = EffectHandle(serial: state.nextSerial, id: id)
      state.nextSerial += 1
      let replaced = cancelInFlight && id != nil ? state.running.values.filter { $0.id == id } : []
      state.running[handle.serial] = handle
      return (handle, replaced)
    }
  }

  func end(_ handle: EffectHandle) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running[handle.serial] = nil
      guard state.running.isEmpty else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func handles(id: EffectID) -> [EffectHandle] {
    state.withLock { $0.running.values.filter { $0.id == id } }
  }

  func all() -> [EffectHandle] { state.withLock { Array($0.running.values) } }

  /// Returns once no effect is in flight.
  func settled() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let idle = state.withLock { state -> Bool in
        if state.running.isEmpty { return true }
        state.waiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }
}
