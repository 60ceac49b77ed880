import FixtureData

/// json-server's rules for the `id` of list items: how an id in a path finds its item (lodash-id's `getById`), and
/// how `POST` picks the id of a new item that has none (json-server's `createId`).
enum ItemID {
  /// The alphabet of nanoid, which json-server uses for its random string ids.
  static let randomAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
  /// The length of json-server's random string ids (`nanoid(7)`).
  static let randomLength = 7

  /// The position of the first element whose id (the member named `field`, as text) equals `id` (so `1` and `"1"`
  /// are the same id). Elements without an id, or with a `null` one, never match.
  static func index(of id: String, in elements: [JSONValue], field: String = "id") -> Int? {
    Relations(idField: field).index(of: id, in: elements)
  }

  /// The id (the member named `field`) json-server gives a new item of `elements`: `1` for an empty list; otherwise the largest id (by
  /// JavaScript's `>`, as lodash's `maxBy` finds it) plus one when it is a number, else a random string from
  /// `random`, drawn again in the unlikely case that it is taken.
  ///
  /// A list whose elements have no ids at all also starts at `1` (json-server fails with a `TypeError` there), and
  /// an integer id that would overflow gets a random string instead.
  static func next(
    after elements: [JSONValue], field: String = "id", random: () -> String = ItemID.random
  ) -> JSONValue {
    var largest: JSONValue?
    for element in elements {
      guard let id = element[field], id != .null else { continue }
      if let current = largest {
        if JavaScriptSemantics.compare(id, current) == 1 { largest = id }
      } else {
        largest = id
      }
    }
    switch largest {
    case nil:
      return .integer(1)
    case .integer(let id)?:
      let (next, overflow) = id.addingReportingOverflow(1)
      if !overflow { return .integer(next) }
    case .double(let id)? where (id + 1).isFinite:
      // JavaScript has one number type: `++id` on 3.0 is written back as 4.
      let next = id + 1
      if next.rounded() == next, let integer = Int(exactly: next) { return .integer(integer) }
      return .double(next)
    default:
      break
    }
    while true {
      let id = random()
      if index(of: id, in: elements, field: field) == nil { return .string(id) }
    }
  }

  /// A random id like nanoid's: ``randomLength`` characters from ``randomAlphabet``.
  static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    return String((0..<randomLength).map { _ in randomAlphabet.randomElement(using: &generator)! })
  }
}
