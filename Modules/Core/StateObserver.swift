/// Something that watches a store's state: told the state when it subscribes (`start`) and after every action of
/// its partition (`receive`), always on the dispatching thread under the store's dispatch lock.
///
/// A final class of two closures rather than a class hierarchy: the closures are made in a generic factory function
/// (``selecting(_:onChange:)``) that the compiler specialises where a subscription is made, so a subscriber costs a
/// few direct calls per action instead of unspecialised generic code (metadata lookups and value-witness copies;
/// Benchmarks/README.md, "Store").
package final class StateObserver<State>: @unchecked Sendable {
  // @unchecked: the closures' mutable state (`LastValue`) is touched only under the owning store's dispatch lock.

  /// Called once with the state at subscription.
  package let start: (State) -> Void
  /// Called with the state after each action that may concern this observer.
  package let receive: (State) -> Void

  init(start: @escaping (State) -> Void, receive: @escaping (State) -> Void) {
    self.start = start
    self.receive = receive
  }

  /// Calls `onChange` with `select(state)` at the start and then whenever it differs from the last value passed on.
  static func selecting<Value: Equatable>(
    _ select: @escaping @Sendable (State) -> Value, onChange: @escaping @Sendable (Value) -> Void
  ) -> StateObserver {
    let last = LastValue<Value>()
    return StateObserver(
      start: { state in
        let value = select(state)
        last.value = value
        onChange(value)
      },
      receive: { state in
        let value = select(state)
        if let previous = last.value, previous == value { return }
        last.value = value
        onChange(value)
      })
  }
}

/// The last value a selecting observer passed on; touched only under the owning store's dispatch lock.
private final class LastValue<Value> {
  // The dispatch lock already makes access exclusive; dynamic enforcement would cost ~60 instructions per
  // subscriber per action.
  @exclusivity(unchecked) var value: Value?
}
