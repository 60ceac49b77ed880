import CoreTesting
import Foundation
import OnboardingFeature
import Persistence
import PersistenceTesting
import Testing

@Suite("Onboarding flag lifecycle")
struct OnboardingFlowTests {
  typealias State = OnboardingFeature.State

  @Test("not completed: launch shows the first page; next, back, and closing persists the flag")
  func firstLaunch() async throws {
    let persistence = InMemoryPersistence()
    let store = makeOnboardingStore(settings: persistence.settings)
    await store.send(.load) { $0.flag = .loading }
    await store.receive(.flagLoaded(completed: false)) {
      $0.flag = .loaded(completed: false)
      $0.isPresented = true
    }
    await store.send(.next) { $0.page = 1 }
    await store.send(.next) { $0.page = 2 }
    await store.send(.next)  // already the last page
    await store.send(.back) { $0.page = 1 }
    await store.send(.close) { $0.isPresented = false }
    await store.receive(.completionSaved) { $0.flag = .loaded(completed: true) }
    await store.finish()
    #expect(try await persistence.settings.get(.onboardingCompleted) == true)
  }

  @Test("completed: launch does not show the overlay")
  func completed() async throws {
    let persistence = InMemoryPersistence()
    try await persistence.settings.set(.onboardingCompleted, true)
    let store = makeOnboardingStore(settings: persistence.settings)
    await store.send(.load) { $0.flag = .loading }
    await store.receive(.flagLoaded(completed: true)) { $0.flag = .loaded(completed: true) }
    await store.finish()
  }

  @Test("an unreadable flag is reported and the overlay stays hidden")
  func readFailure() async {
    let persistence = InMemoryPersistence()
    let error = PersistenceError.busy(path: "/tmp/kumiki.sqlite", operation: "read setting \"onboarding.completed\"")
    persistence.failure = error
    let store = makeOnboardingStore(settings: persistence.settings)
    await store.send(.load) { $0.flag = .loading }
    await store.receive(.flagFailed(error.description)) { $0.flag = .failed(error.description) }
    await store.finish()
  }

  @Test("a failed write is reported; closing still hides the overlay")
  func writeFailure() async {
    let persistence = InMemoryPersistence()
    let error = PersistenceError.diskFull(path: "/tmp/kumiki.sqlite", operation: "write setting")
    persistence.failure = error
    let store = makeOnboardingStore(
      settings: persistence.settings, state: State(flag: .loaded(completed: false), isPresented: true))
    await store.send(.close) { $0.isPresented = false }
    await store.receive(.writeFailed(error.description)) { $0.problem = error.description }
    await store.send(.reset) { $0.problem = nil }
    await store.receive(.writeFailed(error.description)) { $0.problem = error.description }
    await store.finish()
  }

  @Test("reset clears the flag and brings the overlay back")
  func reset() async throws {
    let persistence = InMemoryPersistence()
    try await persistence.settings.set(.onboardingCompleted, true)
    let store = makeOnboardingStore(settings: persistence.settings, state: State(flag: .loaded(completed: true)))
    await store.send(.reset)
    await store.receive(.resetDone) {
      $0.flag = .loaded(completed: false)
      $0.isPresented = true
    }
    await store.finish()
    #expect(try await persistence.settings.load("onboarding.completed") == nil)
    #expect(try await persistence.settings.get(.onboardingCompleted) == false)
  }
}
