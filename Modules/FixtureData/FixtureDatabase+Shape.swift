/// What a feature's suite checks of its own fixtures.json: a list's objects, and each object's fields and their types.
extension FixtureDatabase {
  /// The type a field of a fixture object has.
  public enum FieldKind: Sendable {
    case integer, double, string
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
    guard let objects = objects(in: name) else { return ["\(name) is not a list of objects"] }
    var problems: [String] = []
    if objects.count < minimum { problems.append("\(name) has \(objects.count) objects, fewer than \(minimum)") }
    for object in objects {
      if Set(object.keys).subtracting(optional.keys) != Set(fields.keys) {
        problems.append("\(name) has an object with the fields \(object.keys.sorted())")
      }
      for (key, kind) in fields.merging(optional.filter { object[$0.key] != nil }, uniquingKeysWith: { $1 }) {
        switch (kind, object[key]) {
        case (.integer, .integer?), (.string, .string?), (.double, .double?): break
        default: problems.append("\(name).\(key) is \(String(describing: object[key])), expected \(kind)")
        }
      }
    }
    return problems
  }
}
