/// Why a `--routes` file (``RouteRewriter``) was refused.
public enum RouteRulesError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The file is not JSON; the parser's message.
  case malformedJSON(String)
  /// The file is JSON, but not one object of rules.
  case notAnObject
  /// More rules than ``RouteRewriter/maximumRules``.
  case tooManyRules(Int)
  /// One rule cannot be used; `source` names it.
  case invalidRule(source: String, reason: String)

  /// `text` from the routes file with control characters shown as `\u{…}`, so none reaches the terminal.
  static func visible(_ text: String) -> String {
    String(
      text.unicodeScalars.flatMap { scalar -> [Character] in
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
          ? Array("\\u{\(String(scalar.value, radix: 16))}") : [Character(scalar)]
      })
  }

  /// A sentence for the command line.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .malformedJSON(let message): "malformed JSON at \(message)"
    case .notAnObject: "the routes must be one JSON object, {\"/source\": \"/target\", …}"
    case .tooManyRules(let count): "\(count) rules, more than the \(RouteRewriter.maximumRules) allowed"
    case .invalidRule(let source, let reason): "rule \"\(Self.visible(source))\": \(reason)"
    }
  }
}
