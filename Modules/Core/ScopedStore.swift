/// A view of part of a store: a child state and child actions. Features are written against scoped stores, so
/// they never see the whole app state; scoping a scoped store composes the mappings.
public struct ScopedStore<State: Sendable, Action: Sendable>: Sendable {
  let read: @Sendable () -> State
  let send: @Sendable (Action) -> Void
  let observe: @Sendable (StateObserver<State>) -> Subscription
  let effects: EffectRunner<Action>
  let awaitSettled: @Sendable () async -> Void

  init(
    read: @escaping @Sendable () -> State,
    send: @escaping @Sendable (Action) -> Void,
    observe: @escaping @Sendable (StateObserver<State>) -> Subscription,
    run: EffectRunner<Action>,
    settled: @escaping @Sendable () async -> Void
  ) {
    self.read = read
    self.send = send
    self.observe = observe
    self.effects = run
    self.awaitSettled = settled
  }

  /// The child state now.
  public var state: State { read() }

  /// Dispatches a child action through the root store (synchronously; see ``Store/dispatch(_:)``).
  public func dispatch(_ action: Action) { send(action) }

  /// Like ``Store/subscribe(partition:select:onChange:)``, on the child state. The subscription uses the
  /// partition the scope was created with.
  @discardableResult
  public func subscribe<Value: Equatable & Sendable>(
    select: @escaping @Sendable (State) -> Value,
    onChange: @escaping @Sendable (Value) -> Void
  ) -> Subscription {
    observe(.selecting(select, onChange: onChange))
  }

  /// The selected value now and after every change, as an async sequence.
  public func values<Value: Equatable & Sendable>(
    select: @escaping @Sendable (State) -> Value
  ) -> AsyncStream<Value> {
    AsyncStream { continuation in
      let subscription = subscribe(select: select) { continuation.yield($0) }
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }

  /// Starts an effect owned by the root store, sending child actions.
  @discardableResult
  public func run(
    id: EffectID? = nil,
    cancelInFlight: Bool = false,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) -> EffectHandle {
    effects.run(id, cancelInFlight, operation)
  }

  /// Cancels the root store's effects with `id`.
  public func cancel(id: EffectID) { effects.cancel(id) }

  /// Returns once every effect of the root store has finished.
  public func settled() async { await awaitSettled() }

  /// A further scope of this one.
  public func scope<ChildState: Sendable, ChildAction: Sendable>(
    state toChild: @escaping @Sendable (State) -> ChildState,
    action embed: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStore<ChildState, ChildAction> {
    let read = self.read
    let send = self.send
    let observe = self.observe
    return ScopedStore<ChildState, ChildAction>(
      read: { toChild(read()) },
      send: { send(embed($0)) },
      observe: { observe($0.mapped(toChild)) },
      run: effects.map(embed),
      settled: awaitSettled
    )
  }
}
