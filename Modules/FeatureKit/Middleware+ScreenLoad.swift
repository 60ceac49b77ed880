import Core

extension Middleware
where State: ScreenLoadState, Action: ScreenLoadAction, Action.Response == State.Content.Response {
  /// Carries out the loads the reducer decided: after each load action, when the state says ``ScreenLoad/startsLoad``,
  /// runs `load` as effect `id`, replacing a load in flight (`cancelInFlight`), and sends `.load(.loaded(response))`
  /// or `.load(.failed(message))`. It judges nothing itself: an ignored `.appear` (while loading or loaded) leaves
  /// `startsLoad` false, and nothing starts. Cancellation is silent: a replaced or cancelled load sends nothing.
  ///
  /// The feature's other actions pass through untouched (``ScreenLoad/startsLoad`` describes the last *load*
  /// action). It keeps no memory of its own, so a replay through the reducer sees everything it acted on.
  public static func screenLoad(
    id: EffectID,
    load: @escaping @Sendable () async throws -> Action.Response
  ) -> Middleware {
    .after { context, action in
      guard action.load != nil, context.state.load.startsLoad else { return }
      context.run(id: id, cancelInFlight: true) { send in
        do {
          send(.load(.loaded(try await load())))
        } catch is CancellationError {
          return
        } catch {
          guard !Task.isCancelled else { return }
          send(.load(.failed(String(describing: error))))
        }
      }
    }
  }
}
