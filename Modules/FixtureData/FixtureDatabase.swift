import Foundation

/// A json-server style database: one JSON object whose keys are resource names. An array value is a list
/// resource (`GET /name`, `GET /name/:id`), any other value a singular resource (`GET /name`).
public struct FixtureDatabase: Sendable, Equatable {
  /// The whole document, keys in file order. A running server changes its copy only through
  /// ``FixtureServer``'s write endpoints.
  public package(set) var root: JSONObject

  /// Wraps an already parsed root object.
  public init(root: JSONObject) {
    self.root = root
  }

  /// Parses a `db.json` text.
  /// - Throws: ``FixtureDatabaseError/malformedJSON(_:)`` or ``FixtureDatabaseError/notAnObject``.
  public init(json bytes: some Collection<UInt8>) throws(FixtureDatabaseError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw .malformedJSON(error)
    }
    guard case .object(let root) = value else { throw .notAnObject }
    self.root = root
  }

  /// Reads and parses the `db.json` at `url`.
  /// - Throws: ``FixtureDatabaseError/unreadable(path:reason:)`` when the file cannot be read, otherwise as
  ///   ``init(json:)``.
  public init(contentsOf url: URL) throws(FixtureDatabaseError) {
    try self.init(json: Self.contents(of: url))
  }

  /// The bytes of the file at `url` (a `db.json` or a feature's contract).
  /// - Throws: ``FixtureDatabaseError/unreadable(path:reason:)``.
  static func contents(of url: URL) throws(FixtureDatabaseError) -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: url.path, reason: error.localizedDescription)
    }
  }

  /// Resource names in file order.
  public var resourceNames: [String] { root.keys }

  /// The resource named `name` (an array for list resources), or `nil`.
  public subscript(name: String) -> JSONValue? { root[name] }
}
