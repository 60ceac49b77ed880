import FixtureData

/// What the fuzzed server acknowledged: for every write answered 2xx, the value it said it stored (or that it
/// deleted an item), to check against the database file after a restart.
struct FuzzWriteModel {
  /// List items by resource and id text: the acknowledged value, or `nil` once deleted.
  private(set) var items: [String: [String: JSONValue?]] = [:]
  /// Singular resources by name.
  private(set) var singulars: [String: JSONValue] = [:]
  /// The number of acknowledged writes.
  private(set) var acknowledged = 0

  /// Records a 2xx answer to `method` on `resource` (a list when `isList`), whose body was `reply`; `pathID` is the
  /// id in the path, for `DELETE`.
  mutating func record(method: String, resource: String, isList: Bool, pathID: String?, reply: JSONValue) {
    acknowledged += 1
    guard isList else {
      singulars[resource] = reply
      return
    }
    if method == "DELETE", let pathID {
      items[resource, default: [:]][pathID] = .some(nil)
    } else if let id = reply["id"], id != .null {
      items[resource, default: [:]][id.javaScriptText] = .some(reply)
    }
  }

  /// The ids of a list's items this model knows to exist.
  func liveIDs(of resource: String) -> [String] {
    (items[resource] ?? [:]).compactMap { $0.value == nil ? nil : $0.key }.sorted()
  }

  /// Every acknowledged write that `database` does not hold, described.
  func mismatches(in database: FixtureDatabase) -> [String] {
    var problems: [String] = []
    for (resource, byID) in items.sorted(by: { $0.key < $1.key }) {
      guard case .array(let elements)? = database[resource] else {
        problems.append("\(resource): not a list any more")
        continue
      }
      for (id, expected) in byID.sorted(by: { $0.key < $1.key }) {
        let found = elements.first { element in
          guard let value = element["id"], value != .null else { return false }
          return value.javaScriptText == id
        }
        switch (expected, found) {
        case (nil, nil): break
        case (nil, _?): problems.append("\(resource)/\(id): deleted, but there")
        case (_?, nil): problems.append("\(resource)/\(id): acknowledged, but missing")
        case (let expected?, let found?) where expected != found:
          problems.append("\(resource)/\(id): differs from what was acknowledged")
        default: break
        }
      }
    }
    for (resource, expected) in singulars.sorted(by: { $0.key < $1.key }) where database[resource] != expected {
      problems.append("\(resource): differs from what was acknowledged")
    }
    return problems
  }
}
