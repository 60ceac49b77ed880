import CoreTesting
import FeatureKitTesting
import OnboardingFeature
import Persistence
import PersistenceSQLite
import Testing

@Suite("Onboarding against SQLite")
struct OnboardingIntegrationTests {
  typealias Store = TestStore<OnboardingFeature.State, OnboardingFeature.Action>

  private func store(_ path: String) throws -> Store {
    TestStore(
      initialState: OnboardingFeature.State(), reducer: OnboardingFeature.reducer,
      middlewares: OnboardingFeature.middlewares(settings: try KumikiDatabase.open(path: path).settings))
  }

  @Test("two store instances sharing one SQLite file: closed once, never shown again; reset brings it back")
  func acrossStores() async throws {
    let path = TemporaryDatabase.path()

    let first = try store(path)
    await first.send(.load) { $0.flag = .loading }
    await first.receive(.flagLoaded(completed: false)) {
      $0.flag = .loaded(completed: false)
      $0.isPresented = true
    }
    await first.send(.next) { $0.page = 1 }
    await first.send(.close) { $0.isPresented = false }
    await first.receive(.completionSaved) { $0.flag = .loaded(completed: true) }
    await first.finish()

    let second = try store(path)
    await second.send(.load) { $0.flag = .loading }
    await second.receive(.flagLoaded(completed: true)) { $0.flag = .loaded(completed: true) }
    #expect(OnboardingFeature.present(second.state) == .stack([]))
    await second.send(.reset)
    await second.receive(.resetDone) {
      $0.flag = .loaded(completed: false)
      $0.isPresented = true
    }
    await second.finish()

    let third = try store(path)
    await third.send(.load) { $0.flag = .loading }
    await third.receive(.flagLoaded(completed: false)) {
      $0.flag = .loaded(completed: false)
      $0.isPresented = true
    }
    await third.finish()
  }
}
