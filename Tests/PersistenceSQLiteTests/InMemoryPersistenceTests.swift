import Persistence
import PersistenceTesting
import Testing

/// What only the fake does: start with items, and fail on demand.
@Suite struct InMemoryPersistenceTests {
  @Test func startsWithTheGivenItemsNewestFirst() async throws {
    let persistence = InMemoryPersistence(savedItems: [item(1), item(3), item(2)])
    #expect(try await persistence.savedItems.list().map(\.id) == [3, 2, 1])
    #expect(persistence.currentSavedItems.map(\.id) == [3, 2, 1])
  }

  @Test func anInjectedFailureIsThrownByEveryOperationAndChangesNothing() async throws {
    let persistence = InMemoryPersistence(savedItems: [item(1)])
    let failure = PersistenceError.diskFull(path: "/tmp/k.sqlite", operation: "save item 2")
    persistence.failure = failure
    await #expect(throws: failure) { try await persistence.savedItems.save(item(2)) }
    await #expect(throws: failure) { try await persistence.savedItems.list() }
    await #expect(throws: failure) { try await persistence.settings.set(.onboardingCompleted, true) }
    await #expect(throws: failure) { try await persistence.featureState.load("x") }
    persistence.failure = nil
    #expect(try await persistence.savedItems.list() == [item(1)])
  }

  @Test(.timeLimit(.minutes(1))) func anInjectedFailureEndsObservations() async throws {
    let persistence = InMemoryPersistence()
    var updates = persistence.savedItems.observe().makeAsyncIterator()
    #expect(try await next(&updates) == [])
    let failure = PersistenceError.busy(path: "/tmp/k.sqlite", operation: "list saved items")
    persistence.failure = failure
    await #expect(throws: failure) { _ = try await updates.next() }
  }
}
