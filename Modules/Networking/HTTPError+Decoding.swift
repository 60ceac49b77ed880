import Foundation

extension HTTPError {
  /// The longest body prefix quoted in ``HTTPError/decodingFailed(_:keyPath:reason:snippet:)``, in characters.
  public static let snippetLength = 120

  /// Describes a failure to decode `body` from `url`: the key path of a `DecodingError`, a short reason,
  /// and the start of the body with whitespace runs collapsed.
  public static func decoding(_ error: any Error, body: Data, url: URL) -> HTTPError {
    let (path, reason) = describe(error)
    return .decodingFailed(url, keyPath: keyPath(path), reason: reason, snippet: snippet(of: body))
  }

  /// The start of `body` as text: invalid UTF-8 replaced, whitespace runs collapsed, `…` if cut.
  public static func snippet(of body: Data) -> String {
    if body.isEmpty { return "(empty)" }
    let prefix = body.prefix(snippetLength * 4)
    let text = String(decoding: prefix, as: UTF8.self)
    var collapsed = ""
    var lastWasSpace = false
    for character in text {
      if character.isWhitespace {
        if !lastWasSpace { collapsed.append(" ") }
        lastWasSpace = true
      } else {
        collapsed.append(character)
        lastWasSpace = false
      }
      if collapsed.count >= snippetLength { break }
    }
    let trimmed = collapsed.trimmingCharacters(in: .whitespaces)
    let isCut = collapsed.count >= snippetLength || body.count > prefix.count
    return isCut ? trimmed + "…" : trimmed
  }

  /// `items[3].publishedAt` style text for a coding path: each key as Swift names the field (`published_at`, the
  /// API's name in `CodingKeys`, in camelCase: ``JSONCoding/camelCase(_:)``).
  static func keyPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        let name = JSONCoding.camelCase(key.stringValue)
        text += text.isEmpty ? name : "." + name
      }
    }
    return text
  }

  private static func describe(_ error: any Error) -> ([any CodingKey], String) {
    guard let error = error as? DecodingError else { return ([], "\(error)") }
    switch error {
    case .typeMismatch(let type, let context):
      return (context.codingPath, "expected \(type). \(context.debugDescription)")
    case .valueNotFound(let type, let context):
      return (context.codingPath, "expected \(type) but found null. \(context.debugDescription)")
    case .keyNotFound(let key, let context):
      return (context.codingPath + [key], "the key is missing.")
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
      return (context.codingPath, underlying ?? context.debugDescription)
    @unknown default:
      return ([], "\(error)")
    }
  }
}
