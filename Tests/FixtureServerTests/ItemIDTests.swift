import FixtureData
import Synchronization
import Testing

@testable import FixtureServer

@Suite("ItemID: json-server's id lookup and id generation")
struct ItemIDTests {
  private func list(_ ids: JSONValue?...) -> [JSONValue] {
    ids.map { id in .object(JSONObject(id.map { [("id", $0), ("x", .integer(0))] } ?? [("x", .integer(0))])) }
  }

  /// A random source that must not be used.
  private func noRandom() -> String {
    Issue.record("a numeric id was expected, not a random one")
    return "unused"
  }

  @Test("an empty list, and a list without ids, start at 1")
  func startsAtOne() {
    #expect(ItemID.next(after: [], random: noRandom) == .integer(1))
    #expect(ItemID.next(after: list(nil, .null), random: noRandom) == .integer(1))
  }

  @Test("numeric ids give the largest + 1, wherever the largest is")
  func numeric() {
    #expect(ItemID.next(after: list(.integer(3), .integer(10), .integer(7)), random: noRandom) == .integer(11))
    #expect(ItemID.next(after: list(.integer(-5)), random: noRandom) == .integer(-4))
    #expect(ItemID.next(after: list(.integer(1), .double(2.5)), random: noRandom) == .double(3.5))
    // JavaScript has one number type: 3.0 + 1 is written as 4.
    #expect(ItemID.next(after: list(.double(3.0)), random: noRandom) == .integer(4))
  }

  @Test("string ids give a random id, drawn again while it is taken")
  func stringIDs() {
    let draws = Mutex(["b", "a", "fresh01"])
    let id = ItemID.next(after: list(.string("a"), .string("b"))) {
      draws.withLock { $0.removeFirst() }
    }
    #expect(id == .string("fresh01"))
    #expect(draws.withLock { $0.isEmpty })
  }

  @Test("the largest id is lodash's maxBy with JavaScript's >, so mixed lists depend on order")
  func mixed() {
    // "9" > 5 numerically, and "9" is not a number: a random id.
    #expect(ItemID.next(after: list(.integer(5), .string("9")), random: { "rand123" }) == .string("rand123"))
    // 4 > "abc" is false (NaN), so 4 stays the largest.
    #expect(ItemID.next(after: list(.integer(4), .string("abc")), random: noRandom) == .integer(5))
    // The other way round "abc" is found first and stays.
    #expect(ItemID.next(after: list(.string("abc"), .integer(4)), random: { "rand123" }) == .string("rand123"))
  }

  @Test("an integer id that would overflow gets a random id instead")
  func overflow() {
    #expect(ItemID.next(after: list(.integer(Int.max)), random: { "big0001" }) == .string("big0001"))
  }

  @Test("random ids are 7 characters of nanoid's alphabet")
  func randomIDs() {
    let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
    let ids = (0..<200).map { _ in ItemID.random() }
    #expect(ids.allSatisfy { $0.count == 7 && $0.allSatisfy(alphabet.contains) })
    #expect(Set(ids).count == ids.count)
  }

  @Test("lookup compares ids as text, skips null ids, and finds the first match")
  func lookup() {
    let elements = list(.null, .integer(1), .string("1"), .string("abc"), nil)
    #expect(ItemID.index(of: "1", in: elements) == 1)
    #expect(ItemID.index(of: "abc", in: elements) == 3)
    #expect(ItemID.index(of: "null", in: elements) == nil)
    #expect(ItemID.index(of: "2", in: elements) == nil)
  }
}
