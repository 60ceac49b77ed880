import Foundation

/// A request for a screen a feature declares, by value: `archive/item/6` is the route `item` of the mount `archive`
/// with the argument 6. A feature asks for another feature's screen with a route (``FeatureModule/requesting(routes:)``)
/// and never imports it; the registry resolves it against the routes the mounts declare
/// (``FeatureModule/declaring(routes:)``) and refuses one nobody declares.
///
/// Nothing in a route is trusted: its text form is bounded, each part checked, and its arguments are checked against
/// the declared parameters (type, range, length) before any feature sees them.
public struct Route: Hashable, Sendable, Codable, CustomStringConvertible {
  /// One argument, as given: typed by the asker, or text from a command line until the declaration types it.
  public enum Argument: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A whole number.
    case int(Int)
    /// Text.
    case string(String)

    /// The argument as a path segment: digits, or the text percent-encoded where it would break the path.
    public var description: String {
      switch self {
      case .int(let value): String(value)
      case .string(let text): text.addingPercentEncoding(withAllowedCharacters: Route.segmentCharacters) ?? ""
      }
    }
  }

  /// The longest route text read (`kumiki open`): longer is refused before it is split.
  public static let maximumLength = 1024
  /// The most arguments a route carries.
  public static let maximumArguments = 8

  /// The key of the mount that owns the screen (`archive`, `curry`).
  public var owner: String
  /// The route's name within its owner (`item`, `search`).
  public var name: String
  /// The arguments, in the order of the declared parameters.
  public var arguments: [Argument]

  /// The route `owner/name` with `arguments`: `Route("archive", "item", .int(6))`.
  public init(_ owner: String, _ name: String, _ arguments: Argument...) {
    self.init(owner: owner, name: name, arguments: arguments)
  }

  /// The route `owner/name` with `arguments`.
  public init(owner: String, name: String, arguments: [Argument]) {
    self.owner = owner
    self.name = name
    self.arguments = arguments
  }

  /// Reads a route's text form, `owner/name/argument/…` (`archive/item/6`, `archive/search/%E3%82%AB%E3%83%AC%E3%83%BC`
  /// or `archive/search/カレー`): arguments are percent-decoded text until resolved against the declaration.
  /// - Throws: ``RouteError/malformed(_:)`` naming what is wrong.
  public init(parsing text: String) throws(RouteError) {
    guard text.utf8.count <= Self.maximumLength else {
      throw .malformed("a route is at most \(Self.maximumLength) bytes")
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2 else { throw .malformed("a route is owner/name[/argument…], e.g. archive/item/6") }
    guard Self.isName(parts[0]), Self.isName(parts[1]) else {
      throw .malformed("a route's owner and name are lower-case words (a-z, 0-9, -), e.g. archive/item/6")
    }
    guard parts.count - 2 <= Self.maximumArguments else {
      throw .malformed("a route has at most \(Self.maximumArguments) arguments")
    }
    var arguments: [Argument] = []
    for part in parts.dropFirst(2) {
      guard let decoded = part.removingPercentEncoding else {
        throw .malformed("an argument is not percent-encoded text")
      }
      arguments.append(.string(decoded))
    }
    self.init(owner: parts[0], name: parts[1], arguments: arguments)
  }

  /// `archive/item/6`: what ``init(parsing:)`` reads back.
  public var description: String {
    ([owner, name] + arguments.map(\.description)).joined(separator: "/")
  }

  /// Whether `text` may be a route's owner or name: 1 to 40 of a-z, 0-9 and `-`, starting with a letter.
  static func isName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, ("a"..."z").contains(first), text.unicodeScalars.count <= 40 else {
      return false
    }
    return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  /// What a path segment keeps as it is: RFC 3986's unreserved characters and any non-ASCII letter.
  static let segmentCharacters: CharacterSet = {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/%?#;")
    return allowed
  }()
}
