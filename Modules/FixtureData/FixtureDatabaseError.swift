/// Why a `db.json` could not be loaded.
public enum FixtureDatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read at all.
  case unreadable(path: String, reason: String)
  /// The text is not valid JSON.
  case malformedJSON(JSONParseError)
  /// The text is JSON but its top level is not an object of resources.
  case notAnObject
  /// The bundled `db.json` resource is missing from the module's bundle.
  case missingBundledDatabase

  /// A one-line explanation suitable for a command-line error message.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
    case .malformedJSON(let error): return "malformed JSON at \(error)"
    case .notAnObject: return "the top level must be a JSON object whose keys are resource names"
    case .missingBundledDatabase: return "the bundled db.json resource is missing"
    }
  }
}
