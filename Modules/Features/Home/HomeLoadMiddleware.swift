import Core

extension HomeFeature {
  /// Starts the load effect for `.appear` (only when nothing was requested yet), `.refresh` and `.retry`. A new
  /// load replaces one in flight; cancellation is silent; any other error becomes `.failed` with its message.
  public static func loadMiddleware(client: HomeClient) -> Middleware<State, Action> {
    Middleware { context, action, next in
      let starts: Bool
      switch action {
      case .appear: starts = context.state.phase == .idle
      case .refresh, .retry: starts = true
      case .loaded, .failed, .select, .closeDetail: starts = false
      }
      next(action)
      guard starts else { return }
      context.run(id: loadEffectID, cancelInFlight: true) { send in
        do {
          send(.loaded(try await client.fetchAll()))
        } catch is CancellationError {
          return
        } catch {
          guard !Task.isCancelled else { return }
          send(.failed(String(describing: error)))
        }
      }
    }
  }
}
