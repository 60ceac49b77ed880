import Core

extension Middleware {
  /// The common shape of a screen's load effect: when `starts` says so for an action (judged on the state before
  /// it), run `load` as effect `id`, replacing a load in flight, and send `loaded(value)` or `failed(message)`.
  /// Cancellation is silent: a replaced or cancelled load sends nothing.
  public static func load<Value: Sendable>(
    id: EffectID,
    startsOn starts: @escaping @Sendable (_ state: State, _ action: Action) -> Bool,
    load: @escaping @Sendable () async throws -> Value,
    loaded: @escaping @Sendable (Value) -> Action,
    failed: @escaping @Sendable (String) -> Action
  ) -> Middleware {
    Middleware { context, action, next in
      let start = starts(context.state, action)
      next(action)
      guard start else { return }
      context.run(id: id, cancelInFlight: true) { send in
        do {
          send(loaded(try await load()))
        } catch is CancellationError {
          return
        } catch {
          guard !Task.isCancelled else { return }
          send(failed(String(describing: error)))
        }
      }
    }
  }
}
