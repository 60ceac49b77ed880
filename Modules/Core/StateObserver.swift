/// Something a store notifies after each reduced action. Subclasses decide what changed.
///
/// Observers are called only by the thread holding the store's dispatch lock, one action at a time, so their
/// mutable caches need no further synchronisation.
package class StateObserver<State>: @unchecked Sendable {
  // @unchecked: mutable state in subclasses is only touched under the owning store's dispatch lock.
  init() {}

  /// Called once when registered, with the state at that moment: caches and delivers the initial value.
  package func start(_ state: State) {}

  /// Called with the state after an action the observer may care about.
  package func receive(_ state: State) {}
}

/// Selects a value, remembers the last one, and calls `onChange` only when it differs.
final class SelectingObserver<State, Value: Equatable>: StateObserver<State>, @unchecked Sendable {
  // @unchecked: `last` is touched only under the owning store's dispatch lock.
  private let select: @Sendable (State) -> Value
  private let onChange: @Sendable (Value) -> Void
  private var last: Value?

  init(select: @escaping @Sendable (State) -> Value, onChange: @escaping @Sendable (Value) -> Void) {
    self.select = select
    self.onChange = onChange
  }

  override func start(_ state: State) {
    let value = select(state)
    last = value
    onChange(value)
  }

  override func receive(_ state: State) {
    let value = select(state)
    if let last, value == last { return }
    last = value
    onChange(value)
  }
}

/// Maps a parent state to a child state before handing it to a child observer (scoped subscriptions).
final class MappingObserver<Parent, Child>: StateObserver<Parent>, @unchecked Sendable {
  // @unchecked: immutable; the inner observer follows the same locking rule.
  private let map: @Sendable (Parent) -> Child
  private let inner: StateObserver<Child>

  init(map: @escaping @Sendable (Parent) -> Child, inner: StateObserver<Child>) {
    self.map = map
    self.inner = inner
  }

  override func start(_ state: Parent) { inner.start(map(state)) }

  override func receive(_ state: Parent) { inner.receive(map(state)) }
}
