/// A pure function that evolves state in response to an action: `(inout State, Action) -> Void`.
///
/// Reducers do no I/O and start no work; side effects belong in ``Middleware``.
public struct Reducer<State, Action>: Sendable {
  /// Applies `action` to `state` in place.
  public let reduce: @Sendable (inout State, Action) -> Void

  /// Wraps a reducing function.
  public init(_ reduce: @escaping @Sendable (inout State, Action) -> Void) {
    self.reduce = reduce
  }

  /// Runs `reducers` in order on every action.
  public static func combine(_ reducers: Reducer...) -> Reducer {
    Reducer { state, action in
      for reducer in reducers { reducer.reduce(&state, action) }
    }
  }

  /// Embeds this reducer in a parent: it runs on the parent actions that `action` maps to a child action,
  /// against the part of the parent state at `state`, and ignores every other action.
  public func lift<ParentState, ParentAction>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: @escaping @Sendable (ParentAction) -> Action?
  ) -> Reducer<ParentState, ParentAction> {
    let reduce = self.reduce
    return Reducer<ParentState, ParentAction> { parent, parentAction in
      guard let child = action(parentAction) else { return }
      reduce(&parent[keyPath: state], child)
    }
  }
}
