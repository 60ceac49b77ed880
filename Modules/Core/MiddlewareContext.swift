/// What a ``Middleware`` can do besides passing actions on: read state, dispatch, and own effects.
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
  let readState: @Sendable () -> State
  let send: @Sendable (Action) -> Void
  let effects: EffectRunner<Action>
  /// Shared by this context and its copies, so a lifted middleware can build its scoped context once per store.
  let identity: ContextIdentity

  init(
    readState: @escaping @Sendable () -> State,
    send: @escaping @Sendable (Action) -> Void,
    effects: EffectRunner<Action>,
    identity: ContextIdentity = ContextIdentity()
  ) {
    self.readState = readState
    self.send = send
    self.effects = effects
    self.identity = identity
  }

  /// The store's current state. After `next` returns this is the state the reducer produced.
  public var state: State { readState() }

  /// Dispatches `action` to the store. From inside a dispatch it is queued and runs when the current action
  /// (reducer and subscribers included) is done; never re-entrantly.
  public func dispatch(_ action: Action) { send(action) }

  /// Starts an asynchronous effect owned by the store. See ``Store/run(id:cancelInFlight:_:)``.
  @discardableResult
  public func run(
    id: EffectID? = nil,
    cancelInFlight: Bool = false,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) -> EffectHandle {
    effects.run(id, cancelInFlight, operation)
  }

  /// Cancels every in-flight effect started with `id`.
  public func cancel(id: EffectID) { effects.cancel(id) }

  /// A context for a child part of the state and a child action type, as seen by a lifted middleware.
  /// - Parameter namespace: prefixes the child's effect ids, so two mounts of one feature never cancel each
  ///   other's effects.
  public func scope<ChildState, ChildAction>(
    state toChild: @escaping @Sendable (State) -> ChildState,
    action embed: @escaping @Sendable (ChildAction) -> Action,
    namespace: String? = nil
  ) -> MiddlewareContext<ChildState, ChildAction> {
    let readState = self.readState
    let send = self.send
    let effects = namespace.map { self.effects.namespaced($0) } ?? self.effects
    return MiddlewareContext<ChildState, ChildAction>(
      readState: { toChild(readState()) },
      send: { send(embed($0)) },
      effects: effects.map(embed)
    )
  }
}

/// The identity of a ``MiddlewareContext`` (an object, so identity is `===`).
final class ContextIdentity: Sendable {}
