import Foundation
import Persistence
import Testing

/// The `SavedItemsClient` contract, against the live store and the fake alike.
@Suite struct SavedItemsClientTests {
  @Test(arguments: Backend.allCases) func startsEmpty(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    #expect(try await client.savedItems.list() == [])
    #expect(try await client.savedItems.allIDs() == [])
    #expect(try await client.savedItems.contains(1) == false)
  }

  @Test(arguments: Backend.allCases) func listsNewestFirstWithIdBreakingTies(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let saved = client.savedItems
    try await saved.save(item(1, savedAt: 100))
    try await saved.save(item(2, savedAt: 300))
    try await saved.save(item(3, savedAt: 200))
    try await saved.save(item(4, savedAt: 200))
    #expect(try await saved.list().map(\.id) == [2, 4, 3, 1])
    #expect(try await saved.allIDs() == [1, 2, 3, 4])
    #expect(try await saved.contains(3))
    #expect(try await saved.contains(5) == false)
  }

  @Test(arguments: Backend.allCases) func roundTripsEveryFieldExactly(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let original = SavedItem(
      id: 9_007_199_254_740_993, category: "和食", dishName: "鯛めし 🐟", shopName: "O'Brien's \"Shop\"",
      introduction: "Line one\nLine two; DROP TABLE savedItem;", photoURL: "not a url at all",
      savedAt: Date(timeIntervalSinceReferenceDate: 765_432_123.456_789_123))
    try await client.savedItems.save(original)
    #expect(try await client.savedItems.list() == [original])
  }

  @Test(arguments: Backend.allCases) func savingAgainKeepsOneEntryAndTheOriginalSavedAt(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let saved = client.savedItems
    try await saved.save(item(1, savedAt: 100))
    try await saved.save(item(2, savedAt: 200))
    try await saved.save(item(1, savedAt: 500, dish: "Renamed"))
    let list = try await saved.list()
    #expect(list.map(\.id) == [2, 1])
    #expect(list.last?.dishName == "Renamed")
    #expect(list.last?.savedAt == Date(timeIntervalSinceReferenceDate: 100))
  }

  @Test(arguments: Backend.allCases) func unsaveRemovesAndIgnoresUnknownIds(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let saved = client.savedItems
    try await saved.save(item(1))
    try await saved.save(item(2))
    #expect(try await saved.unsave(1) == item(1))
    #expect(try await saved.unsave(42) == nil)
    #expect(try await saved.list() == [item(2)])
    #expect(try await saved.contains(1) == false)
  }

  /// Issue 26: `kumiki archive unsave` could not tell a removal from nothing to remove.
  @Test(arguments: Backend.allCases) func unsaveReturnsTheItemItRemoved(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let saved = client.savedItems
    try await saved.save(item(7, dish: "鯛めし"))
    #expect(try await saved.unsave(7) == item(7, dish: "鯛めし"))
    #expect(try await saved.unsave(7) == nil, "the second unsave finds nothing to remove")
    #expect(try await saved.list() == [])
  }

  @Test(.timeLimit(.minutes(1)), arguments: Backend.allCases)
  func observeYieldsTheCurrentListThenEachChangeWithoutRepeats(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let saved = client.savedItems
    try await saved.save(item(1))
    var updates = saved.observe().makeAsyncIterator()
    #expect(try await next(&updates) == [item(1)])
    try await saved.save(item(2))
    #expect(try await next(&updates) == [item(2), item(1)])
    try await saved.save(item(2))  // no change: must not produce a value
    _ = try await saved.unsave(1)
    #expect(try await next(&updates) == [item(2)])
  }

  @Test(.timeLimit(.minutes(1)), arguments: Backend.allCases)
  func observersStopWhenTheConsumerStops(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let consumer = Task {
      for try await _ in client.savedItems.observe() {}
    }
    consumer.cancel()
    try await consumer.value
    try await client.savedItems.save(item(1))
    #expect(try await client.savedItems.allIDs() == [1])
  }
}
