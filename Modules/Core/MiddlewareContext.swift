/// What a ``Middleware`` can do besides passing actions on: read state, dispatch, and own effects.
public struct MiddlewareContext<State: Sendable, Action: Sendable>: Sendable {
  let readState: @Sendable () -> State
  let readSource: @Sendable () -> ActionSource
  let send: @Sendable (Action) -> Void
  let effects: EffectRunner<Action>
  /// Shared by this context and its copies, so a lifted middleware can build its scoped context once per store.
  let identity: ContextIdentity
  /// The store's reducer, pure, for a recorder that rebuilds past states from the actions it saw instead of
  /// holding them (DevTools: holding a past state would make the reducer copy a slice before every change). Set on
  /// a store's own context, `nil` on a scoped one.
  package let reducer: (@Sendable (inout State, Action) -> Void)?

  init(
    readState: @escaping @Sendable () -> State,
    readSource: @escaping @Sendable () -> ActionSource,
    send: @escaping @Sendable (Action) -> Void,
    effects: EffectRunner<Action>,
    identity: ContextIdentity = ContextIdentity(),
    reducer: (@Sendable (inout State, Action) -> Void)? = nil
  ) {
    self.readState = readState
    self.readSource = readSource
    self.send = send
    self.effects = effects
    self.identity = identity
    self.reducer = reducer
  }

  /// The store's current state. After `next` returns this is the state the reducer produced.
  public var state: State { readState() }

  /// Who dispatched the action this middleware is handling: from outside the store, by an effect, or as a follow-up
  /// of another action (see ``ActionSource``). Read it in the middleware's body, while it handles the action; a
  /// transformed action keeps the source of the action it came from.
  public var source: ActionSource { readSource() }

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
    effects.run(id, cancelInFlight, false, operation)
  }

  /// Starts a long-lived effect that waits for outside changes (a database observation, a file watch) until it is
  /// cancelled, replacing a running one of the same `id`. Like ``run(id:cancelInFlight:_:)``, except that
  /// ``Store/idle()`` does not wait for it.
  @discardableResult
  public func observe(
    id: EffectID,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) -> EffectHandle {
    effects.run(id, true, true, operation)
  }

  /// Starts an effect `delay` after now, unless another `run(id:debounce:)` with the same `id` (or a
  /// ``cancel(id:)``) comes first: each call cancels the waiting or running effect of that id and starts waiting
  /// again. Search-as-you-type is `run(id: "search", debounce: .milliseconds(300)) { … }` on every keystroke, and
  /// a plain `run(id: "search", cancelInFlight: true)` on Enter searches at once (and cancels the pending one).
  ///
  /// The wait is on ``clock``: real time in the apps, a `TestClock` that tests advance.
  @discardableResult
  public func run(
    id: EffectID,
    debounce delay: Duration,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) -> EffectHandle {
    let wait = effects.waiter(for: delay)
    return effects.run(id, true, false) { send in
      do { try await wait() } catch { return }
      guard !Task.isCancelled else { return }
      await operation(send)
    }
  }

  /// Starts an effect `delay` after now unless an effect of `id` is in flight already, which then goes on, its wait
  /// unchanged. For an effect that the state asks for as long as it holds, once: while a toast shows, its timer
  /// (ToastKit's `withToasts`, effect `toast.<serial>`) — the action that showed the toast starts it, and the actions
  /// after it, finding it running, leave it be. Nothing is remembered but the effects in flight, and the state says
  /// what is wanted; an effect sends its last action before it ends, so the state has moved on by then.
  ///
  /// The wait is on ``clock``, its deadline taken now, as ``run(id:debounce:_:)``'s.
  @discardableResult
  public func runOnce(
    id: EffectID,
    after delay: Duration,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) -> EffectHandle? {
    guard !effects.isRunning(id) else { return nil }
    let wait = effects.waiter(for: delay)
    return effects.run(id, false, false) { send in
      do { try await wait() } catch { return }
      guard !Task.isCancelled else { return }
      await operation(send)
    }
  }

  /// Cancels every in-flight effect started with `id`.
  public func cancel(id: EffectID) { effects.cancel(id) }

  /// The store's clock: what effects that wait (timeouts, polling, retry back-off) sleep on, so tests control
  /// time. `try await context.clock.sleep(for: .seconds(5))`.
  public var clock: any Clock<Duration> { effects.clock }

  /// A context for a child part of the state and a child action type, as seen by a lifted middleware.
  /// - Parameter namespace: prefixes the child's effect ids, so two mounts of one feature never cancel each
  ///   other's effects.
  public func scope<ChildState, ChildAction>(
    state toChild: @escaping @Sendable (State) -> ChildState,
    action embed: @escaping @Sendable (ChildAction) -> Action,
    namespace: String? = nil
  ) -> MiddlewareContext<ChildState, ChildAction> {
    let readState = self.readState
    let readSource = self.readSource
    let send = self.send
    let effects = namespace.map { self.effects.namespaced($0) } ?? self.effects
    return MiddlewareContext<ChildState, ChildAction>(
      readState: { toChild(readState()) },
      readSource: readSource,
      send: { send(embed($0)) },
      effects: effects.map(embed)
    )
  }
}

/// The identity of a ``MiddlewareContext`` (an object, so identity is `===`).
final class ContextIdentity: Sendable {}
