/// Why a `db.json` could not be loaded.
public enum FixtureDatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read at all.
  case unreadable(path: String, reason: String)
  /// The text is not valid JSON.
  case malformedJSON(JSONParseError)
  /// The text is JSON but its top level is not an object of resources.
  case notAnObject
  /// Two features' fixtures declare the same collection: the API would serve only one of them.
  case duplicateCollection(String, first: String, second: String)
  /// A feature's bundled `fixtures.json` could not be loaded.
  indirect case inFeature(String, FixtureDatabaseError)
  /// A name given to empty (``FixtureDatabase/emptying(_:)``) is not one of the data's lists, which are `lists`.
  case notAList(String, lists: [String])
  /// A feature's `fixtures.contract.json` is not a contract (``FixtureContract``): where, and what is allowed there.
  case badContract(String)

  /// A one-line explanation suitable for a command-line error message.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
    case .malformedJSON(let error): return "malformed JSON at \(error)"
    case .notAnObject: return "the top level must be a JSON object whose keys are resource names"
    case .duplicateCollection(let name, let first, let second):
      return "the collection \"\(name)\" is declared by both \(first) and \(second) (their fixtures.json files)"
    case .inFeature(let feature, let error): return "\(feature)'s fixtures.json: \(error)"
    case .notAList(let name, let lists):
      return "\"\(VisibleText.shown(name))\" is not a list of the data (its lists: \(lists.joined(separator: ", ")))"
    case .badContract(let reason): return "not a fixture contract: \(reason)"
    }
  }
}
