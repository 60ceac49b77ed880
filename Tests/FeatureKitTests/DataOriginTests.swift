import Foundation
import Networking
import Testing

/// `DataOrigin`'s accessors and `combined(with:)`, the origin of a screen assembled from several reads.
@Suite struct DataOriginTests {
  static let early = Date(timeIntervalSince1970: 1_795_000_000)
  static let late = early.addingTimeInterval(600)

  struct Case: Sendable, CustomTestStringConvertible {
    var first: DataOrigin
    var second: DataOrigin
    var combined: DataOrigin
    var testDescription: String { "\(first) + \(second)" }
  }

  @Test(arguments: [
    // The worst kind wins: offline over stale over cached over network…
    Case(first: .network, second: .network, combined: .network),
    Case(first: .network, second: .cache(fetchedAt: late), combined: .cache(fetchedAt: late)),
    Case(
      first: .cache(fetchedAt: early), second: .stale(fetchedAt: late, age: 90),
      combined: .stale(fetchedAt: late, age: 90)),
    Case(
      first: .stale(fetchedAt: early, age: 700), second: .offline(fetchedAt: late, reason: "refused"),
      combined: .offline(fetchedAt: late, reason: "refused")),
    Case(
      first: .network, second: .offline(fetchedAt: late, reason: "500"),
      combined: .offline(fetchedAt: late, reason: "500")),
    // …and two of the same kind are dated by the older read (the oldest data on screen).
    Case(first: .cache(fetchedAt: late), second: .cache(fetchedAt: early), combined: .cache(fetchedAt: early)),
    Case(
      first: .stale(fetchedAt: late, age: 90), second: .stale(fetchedAt: early, age: 690),
      combined: .stale(fetchedAt: early, age: 690)),
    Case(
      first: .offline(fetchedAt: late, reason: "refused"), second: .offline(fetchedAt: early, reason: "timed out"),
      combined: .offline(fetchedAt: early, reason: "refused")),
  ])
  func theWorstOriginWinsDatedByTheOldestRead(_ example: Case) {
    #expect(example.first.combined(with: example.second) == example.combined)
    if example.first.isOffline && example.second.isOffline {
      return  // two offline reads keep the first reason: not symmetric, on purpose
    }
    #expect(example.second.combined(with: example.first) == example.combined)
  }

  @Test func fetchedAtAndIsOffline() {
    #expect(DataOrigin.network.fetchedAt == nil)
    #expect(DataOrigin.cache(fetchedAt: Self.early).fetchedAt == Self.early)
    #expect(DataOrigin.stale(fetchedAt: Self.early, age: 5).fetchedAt == Self.early)
    #expect(DataOrigin.offline(fetchedAt: Self.late, reason: "refused").fetchedAt == Self.late)
    #expect(DataOrigin.offline(fetchedAt: Self.late, reason: "refused").isOffline)
    #expect(!DataOrigin.stale(fetchedAt: Self.early, age: 5).isOffline)
    #expect(!DataOrigin.network.isOffline)
  }
}
