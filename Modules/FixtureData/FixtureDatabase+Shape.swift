/// What a feature's contract checks of its own fixtures.json (``FixtureContract``): a list's objects, and each object's
/// fields and their types.
extension FixtureDatabase {
  /// The type a field of a fixture object has.
  public indirect enum FieldKind: Sendable {
    case integer, double, string, boolean
    /// An object with exactly `fields`, plus any of `optional`.
    case object(fields: [String: FieldKind], optional: [String: FieldKind])
  }

  /// The objects of the top-level list `name`, or `nil` when it is missing or not a list of objects.
  public func objects(in name: String) -> [JSONObject]? {
    guard case .array(let elements)? = self[name] else { return nil }
    var objects: [JSONObject] = []
    for element in elements {
      guard case .object(let object) = element else { return nil }
      objects.append(object)
    }
    return objects
  }

  /// Where list `name` departs from its contract, one line each (empty when it keeps it): at least `minimum`
  /// objects, every one with exactly `fields`, plus any of `optional`, with their kinds.
  public func shapeProblems(
    of name: String, atLeast minimum: Int = 0, fields: [String: FieldKind], optional: [String: FieldKind] = [:]
  ) -> [String] {
    let shown = VisibleText.shown(name)
    guard let objects = objects(in: name) else { return ["\(shown) is not a list of objects"] }
    var problems: [String] = []
    if objects.count < minimum { problems.append("\(shown) has \(objects.count) objects, fewer than \(minimum)") }
    for object in objects {
      problems += Self.problems(of: object, at: shown, fields: fields, optional: optional)
    }
    return problems
  }

  /// Where `object` (shown as `place`) departs from exactly `fields` plus any of `optional`, one line each.
  static func problems(
    of object: JSONObject, at place: String, fields: [String: FieldKind], optional: [String: FieldKind]
  ) -> [String] {
    var problems: [String] = []
    if Set(object.keys).subtracting(optional.keys) != Set(fields.keys) {
      problems.append("\(place) has an object with the fields \(object.keys.sorted().map { VisibleText.shown($0) })")
    }
    let present = fields.merging(optional.filter { object[$0.key] != nil }, uniquingKeysWith: { $1 })
    for (key, kind) in present.sorted(by: { $0.key < $1.key }) {
      switch (kind, object[key]) {
      case (.integer, .integer?), (.string, .string?), (.double, .double?), (.boolean, .bool?): break
      case (.object(let fields, let optional), .object(let nested)?):
        problems += Self.problems(
          of: nested, at: "\(place).\(VisibleText.shown(key))", fields: fields, optional: optional)
      default:
        let value = object[key].map { VisibleText.shown(String(describing: $0)) } ?? "missing"
        problems.append("\(place).\(VisibleText.shown(key)) is \(value), expected \(kind.name)")
      }
    }
    return problems
  }
}

extension FixtureDatabase.FieldKind {
  /// The kind as a contract file writes it.
  var name: String {
    switch self {
    case .integer: "integer"
    case .double: "double"
    case .string: "string"
    case .boolean: "boolean"
    case .object: "an object"
    }
  }
}
