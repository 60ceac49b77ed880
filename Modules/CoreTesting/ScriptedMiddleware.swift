import Core
import Synchronization

/// One step of a recorded session, for ``Core/Middleware/scripted(_:)``: an action the test sends, or one the store
/// received in the recording (an effect's result, a middleware's follow-up), which the scripted middleware
/// dispatches in its place.
public enum ScriptedStep<Action: Sendable & Equatable>: Sendable, Equatable {
  /// An action from outside the store (the user's): the test sends it with `TestStore.send`.
  case send(Action)
  /// An action that arrived after the last `send` (an effect's answer, a follow-up): the middleware dispatches it
  /// and the test asserts it with `TestStore.receive`.
  case receive(Action)

  /// The step's action.
  public var action: Action {
    switch self {
    case .send(let action), .receive(let action): action
    }
  }
}

extension Middleware where Action: Equatable {
  /// A middleware that plays back what a recorded session received, instead of running the effects that produced
  /// it: when the action of the next `.send` step passes (after the reducer has run), it dispatches the `.receive`
  /// steps that follow it, in order. They run right after that action, as follow-ups, so a `TestStore` receives
  /// them before the test's next `send`:
  ///
  /// ```swift
  /// let store = TestStore(
  ///   initialState: State(), reducer: reducer,
  ///   middlewares: [.scripted([.send(.search("カレー")), .receive(.typingPaused), .receive(.loaded(page))])])
  /// await store.send(.search("カレー")) { $0.isSearchPending = true }
  /// await store.receive(.typingPaused) { … }
  /// await store.receive(.loaded(page)) { … }
  /// await store.finish()
  /// ```
  ///
  /// The steps are matched in order: an action that is not the next step's (the test sent something else, a
  /// reducer changed) dispatches nothing, so the test store reports the difference. Actions after the last step
  /// pass through; `.receive` steps before the first `.send` are never dispatched. Generated tests
  /// (`kumiki replay FILE --emit-test NAME --feature KEY`) are written with it.
  public static func scripted(_ steps: [ScriptedStep<Action>]) -> Middleware {
    let cursor = ScriptCursor(steps.firstIndex { if case .send = $0 { true } else { false } } ?? steps.count)
    return Middleware { context, action, next in
      next(action)
      let replies = cursor.position.withLock { position -> [Action] in
        guard position < steps.count, steps[position].action == action else { return [] }
        let step = steps[position]
        position += 1
        guard case .send = step else { return [] }
        return steps[position...].prefix { if case .receive = $0 { true } else { false } }.map(\.action)
      }
      for reply in replies { context.dispatch(reply) }
    }
  }
}

/// Where a scripted middleware is in its steps.
private final class ScriptCursor: Sendable {
  let position: Mutex<Int>
  init(_ start: Int) { position = Mutex(start) }
}
