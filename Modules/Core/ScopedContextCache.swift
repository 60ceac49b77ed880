import Synchronization

/// A lifted middleware's scoped context, built once for the parent context it was last used with (one store, in
/// practice) instead of on every action: building one allocates half a dozen closures.
///
/// Holds the parent's identity strongly, so a new parent can never be mistaken for a released one at the same
/// address; the cached context reaches its store the same way the parent does (unowned).
final class ScopedContextCache<ParentState: Sendable, ParentAction: Sendable, State: Sendable, Action: Sendable>:
  Sendable
{
  private let make: @Sendable (MiddlewareContext<ParentState, ParentAction>) -> MiddlewareContext<State, Action>
  private let entry = Mutex<(parent: ContextIdentity, context: MiddlewareContext<State, Action>)?>(nil)

  init(
    _ make: @escaping @Sendable (MiddlewareContext<ParentState, ParentAction>) -> MiddlewareContext<State, Action>
  ) {
    self.make = make
  }

  /// The scoped context for `parent`: the cached one when `parent` is the context it was built for.
  func context(for parent: MiddlewareContext<ParentState, ParentAction>) -> MiddlewareContext<State, Action> {
    if let cached = entry.withLock({ $0?.parent === parent.identity ? $0?.context : nil }) { return cached }
    let context = make(parent)
    entry.withLock { $0 = (parent.identity, context) }
    return context
  }
}
