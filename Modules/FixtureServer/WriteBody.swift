import FixtureData

/// Reads the body of a `POST`, `PUT` or `PATCH`: one JSON object, or a form.
///
/// As json-server's body parser does, an empty body counts as `{}`. A body whose `Content-Type` is
/// `application/x-www-form-urlencoded` is a form (``form(from:)``), unless it starts (after white space) with `{`
/// or `[`: that is JSON sent with a form's type, as `curl -d '{…}'` and URLSession send it by default, and is read
/// as JSON, as is any other body whatever its content type.
enum WriteBody {
  /// The largest body accepted, as json-server's (`10mb`).
  static let maximumBytes = 10 << 20

  /// The deepest body accepted: 510 levels, the body object itself being one. A list item is stored two levels
  /// down in the `db.json` (the root object, the list), so the deepest item written is as deep as a `db.json`
  /// may be (``JSONParser/maximumDepth``, 512) and the server can always load the file it saved.
  static let maximumDepth = JSONParser.maximumDepth - 2

  /// The most fields a form may have, body-parser's `parameterLimit`; past it the answer is `413`.
  static let maximumFormFields = 1000

  /// The object in `bytes`, read as a form when `contentType` is `application/x-www-form-urlencoded` (parameters
  /// such as `; charset=utf-8` aside, any case) and the body does not start with `{` or `[`, as JSON otherwise.
  /// - Throws: as ``form(from:)`` or ``object(from:)``.
  static func object(from bytes: some Collection<UInt8>, contentType: String?) throws(WriteBodyError) -> JSONObject {
    let mediaType = contentType?.split(separator: ";", maxSplits: 1).first.map {
      String($0).trimmingWhitespace().lowercased()
    }
    let first = bytes.first {
      ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0)
    }
    if mediaType == "application/x-www-form-urlencoded", first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
      return try form(from: bytes)
    }
    return try object(from: bytes)
  }

  /// A form body as json-server reads it (body-parser's `urlencoded({extended: false})`, Node's `querystring`):
  /// `name=value` pairs separated by `&`, `+` a space, `%XX` decoded as UTF-8; every value is a string, a
  /// repeated name gives an array of its strings in order, a bare `name` an empty string. Fields keep the order of
  /// their first appearance; a pair without a name is dropped.
  /// - Throws: ``WriteBodyError/tooManyFormFields`` past ``maximumFormFields`` pairs.
  static func form(from bytes: some Collection<UInt8>) throws(WriteBodyError) -> JSONObject {
    let text = String(decoding: bytes, as: UTF8.self)
    let pairs = text.split(separator: "&", omittingEmptySubsequences: true)
    guard pairs.count <= maximumFormFields else { throw .tooManyFormFields }
    var object = JSONObject()
    for parameter in QueryParameter.parse(query: text) {
      switch object[parameter.name] {
      case nil: object[parameter.name] = .string(parameter.value)
      case .array(let values)?: object[parameter.name] = .array(values + [.string(parameter.value)])
      case let first?: object[parameter.name] = .array([first, .string(parameter.value)])
      }
    }
    return object
  }

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
