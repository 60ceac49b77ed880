import Foundation

/// The API contract a feature's fixtures keep: its `fixtures.contract.json`, beside its `fixtures.json`, names every
/// collection the feature brings and the shape its screens and commands are written against. One suite
/// (FixtureDataTests' `FeatureFixturesTests`) reads every feature folder's pair, so a folder holds its data and its
/// contract and no test code of its own.
///
/// ```json
/// {
///   "recipes": { "list": { "id": "integer", "title": "string", "rating": "double" }, "atLeast": 6,
///                "optional": { "note": "string" } },
///   "chef": { "object": { "id": "integer", "stats": { "object": { "likes": "integer" } } } }
/// }
/// ```
///
/// A collection is a `list` of objects (at least `atLeast` of them, 0 unless given) or one `object`; either has
/// exactly the fields given, plus any of `optional`. A field's kind is `"integer"`, `"double"`, `"string"`, `"boolean"` or a nested
/// `{ "object": {…}, "optional": {…} }`. A name given twice in one object counts once, the last (as JSON.parse and
/// json-server read it). The file is outside input: anything else in it is refused with the place and what is
/// allowed there (``FixtureDatabaseError/badContract(_:)``), never taken as a looser contract.
public struct FixtureContract: Sendable {
  /// The name a feature folder gives its contract, beside `fixtures.json`.
  public static let fileName = "fixtures.contract.json"
  /// The largest `atLeast` accepted: more than any fixture file holds.
  public static let maximumCount = 100_000

  /// One collection's contract.
  struct Entry: Sendable {
    var name: String
    /// A list of objects (with its minimum count), or one object.
    var minimum: Int?
    var fields: [String: FixtureDatabase.FieldKind]
    var optional: [String: FixtureDatabase.FieldKind]
  }

  let collections: [Entry]

  /// Parses a contract file's text.
  /// - Throws: ``FixtureDatabaseError/badContract(_:)`` naming the first place that is not a contract (the JSON
  ///   parser's line and column when it is not JSON).
  public init(json bytes: some Collection<UInt8>) throws(FixtureDatabaseError) {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw .badContract("malformed JSON at \(error)")
    }
    guard case .object(let object) = root else {
      throw .badContract("the top level must be an object of collections, each { \"list\": … } or { \"object\": … }")
    }
    var collections: [Entry] = []
    for member in object.members {
      collections.append(try Self.collection(member.key, member.value))
    }
    self.collections = collections
  }

  /// Reads and parses the contract file at `url`.
  /// - Throws: ``FixtureDatabaseError/unreadable(path:reason:)``, otherwise as ``init(json:)``.
  public init(contentsOf url: URL) throws(FixtureDatabaseError) {
    try self.init(json: FixtureDatabase.contents(of: url))
  }

  /// The collections it names, in the file's order.
  public var collectionNames: [String] { collections.map(\.name) }

  /// Where `database` departs from the contract, one line each (empty when it keeps it): a collection the contract
  /// names that the data lacks or shapes otherwise, and a collection of the data the contract does not name.
  public func problems(in database: FixtureDatabase) -> [String] {
    var problems: [String] = []
    for collection in collections {
      if let minimum = collection.minimum {
        problems += database.shapeProblems(
          of: collection.name, atLeast: minimum, fields: collection.fields, optional: collection.optional)
      } else if case .object(let object)? = database[collection.name] {
        problems += FixtureDatabase.problems(
          of: object, at: collection.name, fields: collection.fields, optional: collection.optional)
      } else {
        problems.append("\(VisibleText.shown(collection.name)) is not an object")
      }
    }
    let named = Set(collectionNames)
    for name in database.resourceNames where !named.contains(name) {
      problems.append("\(VisibleText.shown(name)) is not in the contract (\(Self.fileName))")
    }
    return problems
  }

  // MARK: - Reading the file

  private static func collection(_ name: String, _ value: JSONValue) throws(FixtureDatabaseError) -> Entry {
    let place = "\"\(VisibleText.shown(name))\""
    guard case .object(let entry) = value else {
      throw .badContract("\(place) must be { \"list\": {fields}, \"atLeast\": n } or { \"object\": {fields} }")
    }
    let allowed: Set<String> = entry["list"] != nil ? ["list", "atLeast", "optional"] : ["object", "optional"]
    if let unknown = entry.keys.first(where: { !allowed.contains($0) }) {
      throw .badContract(
        "\(place) has \"\(VisibleText.shown(unknown))\"; it may have only \(allowed.sorted().joined(separator: ", "))")
    }
    let optional = try fields(entry["optional"] ?? .object(JSONObject()), at: "\(place).optional")
    if let list = entry["list"] {
      var minimum = 0
      if let count = entry["atLeast"] {
        guard case .integer(let count) = count, (0...maximumCount).contains(count) else {
          throw .badContract("\(place).atLeast must be a whole number from 0 to \(maximumCount)")
        }
        minimum = count
      }
      return Entry(
        name: name, minimum: minimum, fields: try fields(list, at: "\(place).list"), optional: optional)
    }
    guard let object = entry["object"] else {
      throw .badContract("\(place) must have \"list\" (a list of objects) or \"object\" (one object)")
    }
    return Entry(name: name, minimum: nil, fields: try fields(object, at: "\(place).object"), optional: optional)
  }

  /// The fields of an object's contract: each a kind name or a nested `{ "object": …, "optional": … }`.
  private static func fields(
    _ value: JSONValue, at place: String
  ) throws(FixtureDatabaseError) -> [String: FixtureDatabase.FieldKind] {
    guard case .object(let object) = value else {
      throw .badContract(
        "\(place) must be an object of fields, each \"integer\", \"double\", \"string\", \"boolean\" or "
          + "{\"object\": …}")
    }
    var fields: [String: FixtureDatabase.FieldKind] = [:]
    for member in object.members {
      fields[member.key] = try kind(member.value, at: "\(place).\(VisibleText.shown(member.key))")
    }
    return fields
  }

  private static func kind(
    _ value: JSONValue, at place: String
  ) throws(FixtureDatabaseError) -> FixtureDatabase.FieldKind {
    switch value {
    case .string("integer"): return .integer
    case .string("double"): return .double
    case .string("string"): return .string
    case .string("boolean"): return .boolean
    case .object(let nested):
      if let unknown = nested.keys.first(where: { !["object", "optional"].contains($0) }) {
        throw .badContract("\(place) has \"\(VisibleText.shown(unknown))\"; a nested object has only object, optional")
      }
      guard let fields = nested["object"] else { throw .badContract("\(place) must have \"object\": {fields}") }
      return .object(
        fields: try Self.fields(fields, at: "\(place).object"),
        optional: try Self.fields(nested["optional"] ?? .object(JSONObject()), at: "\(place).optional"))
    default:
      throw .badContract(
        "\(place) is not a kind: use \"integer\", \"double\", \"string\", \"boolean\" or {\"object\": {fields}}")
    }
  }
}
