import FeatureKit
import Presentation

extension OnboardingFeature {
  /// `kumiki onboarding status|reset`. JSON shapes are documented in this module's README.
  public static var commands: [FeatureCommand<State, Action>] {
    [
      FeatureCommand(
        path: ["status"],
        abstract: "Tell whether onboarding was completed.",
        examples: ["status", "status --json"],
        actions: { _ in [.load] },
        output: { state, _ in statusOutput(state) }
      ),
      FeatureCommand(
        path: ["reset"],
        abstract: "Clear the completed flag so onboarding shows at the next launch.",
        examples: ["reset"],
        actions: { _ in [.reset] },
        output: { state, _ in resetOutput(state) }
      ),
    ]
  }

  /// `{"completed":true|false}`, or the read error.
  static func statusOutput(_ state: State) -> CommandOutput {
    switch state.flag {
    case .loaded(let completed):
      return .success(
        view: .text(completed ? "Onboarding completed." : "Onboarding not completed: it shows at the next launch."),
        json: .object([("completed", .bool(completed))]))
    case .failed(let message):
      return .failure(message)
    case .unknown, .loading:
      return .failure("the onboarding flag could not be read")
    }
  }

  /// `{"completed":false}` once cleared, or the write error.
  static func resetOutput(_ state: State) -> CommandOutput {
    if let problem = state.problem { return .failure(problem) }
    guard state.flag == .loaded(completed: false) else { return .failure("the onboarding flag was not cleared") }
    return .success(
      view: .text("Onboarding reset: it shows at the next launch."), json: .object([("completed", false)]))
  }
}
