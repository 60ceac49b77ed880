/// Tracks every in-flight effect of a store so they can be cancelled by id and awaited as a whole.
final class EffectTracker: Sendable {
  private struct State {
    var nextSerial: UInt64 = 1
    var running: [UInt64: EffectHandle] = [:]
    /// Who awaits, and whether observations count as done for them.
    var waiters: [(ignoringObservations: Bool, continuation: CheckedContinuation<Void, Never>)] = []

    /// The waiters whose condition holds now, removed from the list.
    mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let allDone = running.isEmpty
      let onlyObservations = allDone || running.values.allSatisfy(\.isObservation)
      var ready: [CheckedContinuation<Void, Never>] = []
      waiters.removeAll { waiter in
        guard allDone || (waiter.ignoringObservations && onlyObservations) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
  }

  private let state = StateLock(State())

  var count: Int { state.withLock { $0.running.count } }

  /// Registers a new effect, returning it and the effects it replaces (same id, when `cancelInFlight`).
  func begin(id: EffectID?, cancelInFlight: Bool, observing: Bool = false) -> (EffectHandle, replaced: [EffectHandle]) {
    state.withLock { state in
      let handle = EffectHandle(serial: state.nextSerial, id: id, isObservation: observing)
      state.nextSerial += 1
      let replaced = cancelInFlight && id != nil ? state.running.values.filter { $0.id == id } : []
      state.running[handle.serial] = handle
      return (handle, replaced)
    }
  }

  func end(_ handle: EffectHandle) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running[handle.serial] = nil
      return state.satisfiedWaiters()
    }
    for waiter in waiters { waiter.resume() }
  }

  func handles(id: EffectID) -> [EffectHandle] {
    state.withLock { $0.running.values.filter { $0.id == id } }
  }

  func all() -> [EffectHandle] { state.withLock { Array($0.running.values) } }

  /// Returns once no effect is in flight (or, `ignoringObservations`, none but observations).
  func settled(ignoringObservations: Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.waiters.append((ignoringObservations, continuation))
        return state.satisfiedWaiters()
      }
      for waiter in ready { waiter.resume() }
    }
  }
}
