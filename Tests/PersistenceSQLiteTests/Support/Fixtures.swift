import Foundation
import Persistence

/// A saved item with distinguishable fields; `savedAt` is `id` seconds after the reference date unless given.
func item(_ id: Int, savedAt: Double? = nil, dish: String? = nil) -> SavedItem {
  SavedItem(
    id: id, category: "ramen", dishName: dish ?? "Dish \(id)", shopName: "Shop \(id)",
    introduction: "Introduction \(id)", photoURL: "https://example.com/photos/\(id).jpg",
    savedAt: Date(timeIntervalSinceReferenceDate: savedAt ?? Double(id)))
}

/// Reads the next value of an observation, failing the test if the stream ends first.
func next(
  _ iterator: inout AsyncThrowingStream<[SavedItem], any Error>.Iterator
) async throws -> [SavedItem] {
  guard let value = try await iterator.next() else { throw ObservationEnded() }
  return value
}

/// Reads values until one satisfies `predicate` (changes may be coalesced, so intermediate lists may be skipped).
func next(
  _ iterator: inout AsyncThrowingStream<[SavedItem], any Error>.Iterator, where predicate: ([SavedItem]) -> Bool
) async throws -> [SavedItem] {
  while true {
    let value = try await next(&iterator)
    if predicate(value) { return value }
  }
}

struct ObservationEnded: Error {}
