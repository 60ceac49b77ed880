import Core
import Persistence

extension OnboardingFeature {
  /// Reads the flag on `.load` (`onboarding.load`); writes it on `.close` and clears it on `.reset`
  /// (`onboarding.write`, which first cancels a read in flight so an older value never lands after the write).
  public static func middlewares(settings: SettingsClient) -> [Middleware<State, Action>] {
    [
      .after { context, action in
        switch action {
        case .load:
          context.run(id: loadID, cancelInFlight: true) { send in
            do {
              send(.flagLoaded(completed: try await settings.get(.onboardingCompleted)))
            } catch {
              send(.flagFailed(String(describing: error)))
            }
          }
        case .close:
          context.cancel(id: loadID)
          context.run(id: writeID, cancelInFlight: true) { send in
            do {
              try await settings.set(.onboardingCompleted, true)
              send(.completionSaved)
            } catch {
              send(.writeFailed(String(describing: error)))
            }
          }
        case .reset:
          context.cancel(id: loadID)
          context.run(id: writeID, cancelInFlight: true) { send in
            do {
              try await settings.remove(.onboardingCompleted)
              send(.resetDone)
            } catch {
              send(.writeFailed(String(describing: error)))
            }
          }
        case .flagLoaded, .flagFailed, .next, .back, .completionSaved, .resetDone, .writeFailed:
          break
        }
      }
    ]
  }
}
