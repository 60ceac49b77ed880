import FixtureData

/// Reads the body of a `POST`, `PUT` or `PATCH`: it must be one JSON object.
///
/// As json-server's body parser does, an empty body counts as `{}`. The content type is not consulted: any body
/// is read as JSON.
enum WriteBody {
  /// The largest body accepted, as json-server's (`10mb`).
  static let maximumBytes = 10 << 20

  /// The deepest body accepted: 510 levels, the body object itself being one. A list item is stored two levels
  /// down in the `db.json` (the root object, the list), so the deepest item written is as deep as a `db.json`
  /// may be (``JSONParser/maximumDepth``, 512) and the server can always load the file it saved.
  static let maximumDepth = JSONParser.maximumDepth - 2

  /// The object in `bytes`.
  /// - Throws: ``WriteBodyError`` when the text is not JSON, is nested deeper than ``maximumDepth``, or is not an
  ///   object.
  static func object(from bytes: some Collection<UInt8>) throws(WriteBodyError) -> JSONObject {
    guard !bytes.isEmpty else { return JSONObject() }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes, maximumDepth: maximumDepth)
    } catch {
      throw .malformedJSON(error)
    }
    guard case .object(let object) = value else { throw .notAnObject(kind: kind(of: value)) }
    return object
  }

  private static func kind(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
