import FixtureData
import Foundation
import Networking

extension FixtureAPI {
  /// How the fixture's `resource` differs from what `type` holds of it: the resource decoded as `type` the way a live
  /// client decodes it (``Networking/JSONCoding``: the keys as the type's `CodingKeys` name them), encoded again, and
  /// compared with the JSON as sent, field by field. Empty when the type keeps every field the API sends, unchanged,
  /// and invents none.
  ///
  /// A feature whose state holds the API's items as decoded (one type per item) proves it with this: a field added to
  /// its `fixtures.json` but not to the item type (or one the type renames or reshapes, or names in `CodingKeys`
  /// otherwise than the API) is reported, naming the path.
  ///
  /// ```swift
  /// #expect(try FixtureAPI.roundTripDifferences([CampaignBanner].self, resource: "campaign_banners") == [])
  /// ```
  ///
  /// Numbers compare by value (`4` and `4.0` are equal); a `null` sent equals a field not encoded (an optional left
  /// `nil`).
  ///
  /// - Parameter database: the data to read, by default the bundled union of every feature's fixtures.
  /// - Returns: one line per difference, such as `campaign_banners[0].banner_url: sent, not held`.
  /// - Throws: ``RoundTripError`` when the resource is missing, the decoder's error when it does not decode as `type`.
  public static func roundTripDifferences<T: Codable>(
    _ type: T.Type, resource: String, in database: FixtureDatabase? = nil
  ) throws -> [String] {
    let database = try database ?? FixtureDatabase.bundled
    guard let sent = database[resource] else { throw RoundTripError.missing(resource) }
    return try roundTripDifferences(type, sent: JSONWriter(prettyPrinted: false).bytes(of: sent), path: resource)
  }

  /// How the JSON text `sent` differs from what `type` holds of it, as ``roundTripDifferences(_:resource:in:)``
  /// compares a fixture resource; `path` starts each line.
  ///
  /// - Throws: the parser's or the decoder's error when `sent` is not JSON or does not decode as `type`.
  public static func roundTripDifferences<T: Codable>(
    _ type: T.Type, sent: some Collection<UInt8>, path: String
  ) throws -> [String] {
    let sent = try JSONParser.parse(sent)
    let decoded = try JSONCoding.decoder().decode(type, from: Data(JSONWriter(prettyPrinted: false).bytes(of: sent)))
    let held = try JSONParser.parse(Array(try JSONCoding.encoder().encode(decoded)))
    var differences: [String] = []
    compare(sent: sent, held: held, path: path, into: &differences)
    return differences
  }

  /// Why ``roundTripDifferences(_:resource:in:)`` could not compare.
  public enum RoundTripError: Error, Equatable, CustomStringConvertible {
    /// The fixture data has no resource with this name.
    case missing(String)

    /// "the fixture data has no resource 'recipes'".
    public var description: String {
      switch self {
      case .missing(let resource): "the fixture data has no resource '\(resource)'"
      }
    }
  }

  private static func compare(sent: JSONValue, held: JSONValue, path: String, into differences: inout [String]) {
    switch (sent, held) {
    case (.object(let sent), .object(let held)):
      for member in sent.members {
        let at = path + "." + member.key
        if let value = held[member.key] {
          compare(sent: member.value, held: value, path: at, into: &differences)
        } else if member.value != .null {
          differences.append(at + ": sent, not held")
        }
      }
      for member in held.members where sent[member.key] == nil {
        differences.append(path + "." + member.key + ": held, not sent")
      }
    case (.array(let sent), .array(let held)):
      guard sent.count == held.count else {
        differences.append(path + ": \(sent.count) elements sent, \(held.count) held")
        return
      }
      for (index, (sent, held)) in zip(sent, held).enumerated() {
        compare(sent: sent, held: held, path: path + "[\(index)]", into: &differences)
      }
    default:
      if let sent = number(sent), let held = number(held), sent == held { return }
      guard sent != held else { return }
      let writer = JSONWriter(prettyPrinted: false)
      differences.append(path + ": sent \(writer.string(of: sent)), held \(writer.string(of: held))")
    }
  }

  private static func number(_ value: JSONValue) -> Double? {
    switch value {
    case .integer(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
}
