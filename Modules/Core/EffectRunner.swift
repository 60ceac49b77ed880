/// The effect-starting half of a store, as a value that scoped contexts can map to child action types.
struct EffectRunner<Action: Sendable>: Sendable {
  /// Starts an effect: its id, whether it replaces effects of that id, whether it is an observation (see
  /// ``Store/idle()``), the work.
  let run: @Sendable (EffectID?, Bool, Bool, @escaping @Sendable (Send<Action>) async -> Void) -> EffectHandle
  let cancel: @Sendable (EffectID) -> Void
  /// Whether an effect of this id is in flight and not cancelled.
  let isRunning: @Sendable (EffectID) -> Bool
  /// The store's clock.
  let clock: any Clock<Duration>

  func map<Child>(_ embed: @escaping @Sendable (Child) -> Action) -> EffectRunner<Child> {
    let run = self.run
    return EffectRunner<Child>(
      run: { id, cancelInFlight, observing, operation in
        run(id, cancelInFlight, observing) { send in await operation(send.map(embed)) }
      },
      cancel: cancel,
      isRunning: isRunning,
      clock: clock
    )
  }

  func namespaced(_ namespace: String) -> EffectRunner {
    let run = self.run
    let cancel = self.cancel
    let isRunning = self.isRunning
    return EffectRunner(
      run: { id, cancelInFlight, observing, operation in
        run(id?.namespaced(namespace), cancelInFlight, observing, operation)
      },
      cancel: { cancel($0.namespaced(namespace)) },
      isRunning: { isRunning($0.namespaced(namespace)) },
      clock: clock
    )
  }

  /// A wait that ends `delay` after now on the store's clock. The deadline is taken now, when the effect is
  /// decided, not when its task first runs: a test clock advanced right after a dispatch wakes it reliably.
  func waiter(for delay: Duration) -> @Sendable () async throws -> Void {
    Self.waiter(on: clock, for: delay)
  }

  private static func waiter<C: Clock<Duration>>(on clock: C, for delay: Duration) -> @Sendable () async throws -> Void
  {
    let deadline = clock.now.advanced(by: delay)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
  }
}
