import FixtureData

/// Why a write's body was refused with `400 Bad Request`.
enum WriteBodyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The body is not valid JSON.
  case malformedJSON(JSONParseError)
  /// The body is JSON, but not an object; `kind` says what it is, e.g. `an array`.
  case notAnObject(kind: String)
  /// A form body has more than ``WriteBody/maximumFormFields`` fields (answered `413`, as body-parser does).
  case tooManyFormFields

  /// The message sent in `{"error": …}`.
  var description: String {
    switch self {
    case .malformedJSON(let error): "malformed JSON body at \(error)"
    case .notAnObject(let kind): "the body must be a JSON object, not \(kind)"
    case .tooManyFormFields: "the form has more than \(WriteBody.maximumFormFields) fields"
    }
  }
}
