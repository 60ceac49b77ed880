import FeatureKit
import OnboardingFeature
import Persistence
import PersistenceTesting
import Presentation
import Testing

@Suite("Onboarding module and commands")
struct OnboardingCommandsTests {
  typealias State = OnboardingFeature.State

  func command(_ name: String) throws -> FeatureCommand<State, OnboardingFeature.Action> {
    try #require(OnboardingFeature.commands.first { $0.path == [name] })
  }

  func json(_ output: CommandOutput) -> String? {
    guard case .success(_, let json) = output else { return nil }
    return json.text
  }

  func failure(_ output: CommandOutput) -> String? {
    guard case .failure(let reason) = output else { return nil }
    return reason
  }

  @Test("the module: key, title, overlay placement, launch loads the flag")
  func module() {
    let module = OnboardingFeature.module(settings: InMemoryPersistence().settings)
    #expect(module.key == "onboarding")
    #expect(module.title == "Onboarding")
    #expect(module.placement == .overlay)
    #expect(module.receive?(.launch) == .load)
    #expect(module.receive?(.appear) == nil)
    #expect(module.receive?(.refreshAll) == nil)
    #expect(module.present?(module.initialState) == .stack([]))
    #expect(module.commands.map(\.path) == [["status"], ["reset"]])
  }

  @Test("status reads the flag and prints {\"completed\":...}")
  func status() throws {
    let status = try command("status")
    #expect(try status.actions(CommandInput()) == [.load])
    #expect(json(status.output(State(flag: .loaded(completed: true)), CommandInput())) == #"{"completed":true}"#)
    #expect(json(status.output(State(flag: .loaded(completed: false)), CommandInput())) == #"{"completed":false}"#)
    #expect(failure(status.output(State(flag: .failed("locked")), CommandInput())) == "locked")
    if case .success(let view, _) = status.output(State(flag: .loaded(completed: true)), CommandInput()) {
      #expect(view.plainText == ["Onboarding completed."])
    }
  }

  @Test("reset clears the flag and prints {\"completed\":false}, or the failure")
  func reset() throws {
    let reset = try command("reset")
    #expect(try reset.actions(CommandInput()) == [.reset])
    let done = State(flag: .loaded(completed: false), isPresented: true)
    #expect(json(reset.output(done, CommandInput())) == #"{"completed":false}"#)
    #expect(
      failure(reset.output(State(flag: .loaded(completed: true), problem: "disk full"), CommandInput())) == "disk full")
  }
}
