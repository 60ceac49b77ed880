/// Redux-style middleware: sees every action before the reducer and the state after it.
///
/// The body receives the action and `next`, which runs the rest of the chain (the reducer last). A middleware may:
/// - pass the action on: `next(action)`;
/// - transform it: `next(otherAction)`;
/// - swallow it: not call `next`;
/// - read ``MiddlewareContext/state`` after `next` returns, which is the post-reduce state;
/// - dispatch further actions (queued until the current one is done) and start effects with
///   ``MiddlewareContext/run(id:cancelInFlight:_:)``.
///
/// `next` may be called at most once and only synchronously, inside the body.
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
  /// The middleware's body.
  public typealias Body =
    @Sendable (
      _ context: MiddlewareContext<State, Action>, _ action: Action, _ next: (Action) -> Void
    ) -> Void

  let body: Body

  /// Creates a middleware from its body.
  public init(_ body: @escaping Body) {
    self.body = body
  }

  /// A middleware that reacts after the reducer has run: it passes the action on, then calls `effect` with the
  /// context (whose state is now post-reduce) and the action. The common shape for starting effects.
  public static func after(
    _ effect: @escaping @Sendable (_ context: MiddlewareContext<State, Action>, _ action: Action) -> Void
  ) -> Middleware {
    Middleware { context, action, next in
      next(action)
      effect(context, action)
    }
  }

  /// Embeds this middleware in a parent store: it sees only the parent actions that `extract` maps to a child
  /// action, reads the child state through `state`, and its `next`, dispatches and effects go through `embed`.
  /// Parent actions it does not own pass straight through. `namespace` prefixes its effect ids (see
  /// ``MiddlewareContext/scope(state:action:namespace:)``).
  public func lift<ParentState, ParentAction>(
    state: @escaping @Sendable (ParentState) -> State,
    extract: @escaping @Sendable (ParentAction) -> Action?,
    embed: @escaping @Sendable (Action) -> ParentAction,
    namespace: String? = nil
  ) -> Middleware<ParentState, ParentAction> {
    let body = self.body
    // The scoped context depends only on the parent context: build it once per store, not on every action.
    let scoped = ScopedContextCache<ParentState, ParentAction, State, Action> {
      $0.scope(state: state, action: embed, namespace: namespace)
    }
    return Middleware<ParentState, ParentAction> { context, parentAction, next in
      guard let action = extract(parentAction) else { return next(parentAction) }
      body(scoped.context(for: context), action) { next(embed($0)) }
    }
  }

  /// Runs `chain` around `next` as if its middlewares were in the store's own chain. Routers use it to run
  /// only the middlewares that own an action.
  public static func run(
    _ chain: [Middleware],
    context: MiddlewareContext<State, Action>,
    action: Action,
    next: (Action) -> Void
  ) {
    func step(_ index: Int, _ action: Action) {
      guard index < chain.count else { return next(action) }
      chain[index].body(context, action) { step(index + 1, $0) }
    }
    step(0, action)
  }
}
