/// The effect-starting half of a store, as a value that scoped contexts can map to child action types.
struct EffectRunner<Action: Sendable>: Sendable {
  let run: @Sendable (EffectID?, Bool, @escaping @Sendable (Send<Action>) async -> Void) -> EffectHandle
  let cancel: @Sendable (EffectID) -> Void

  func map<Child>(_ embed: @escaping @Sendable (Child) -> Action) -> EffectRunner<Child> {
    let run = self.run
    return EffectRunner<Child>(
      run: { id, cancelInFlight, operation in
        run(id, cancelInFlight) { send in await operation(send.map(embed)) }
      },
      cancel: cancel
    )
  }

  func namespaced(_ namespace: String) -> EffectRunner {
    let run = self.run
    let cancel = self.cancel
    return EffectRunner(
      run: { id, cancelInFlight, operation in run(id?.namespaced(namespace), cancelInFlight, operation) },
      cancel: { cancel($0.namespaced(namespace)) }
    )
  }
}
