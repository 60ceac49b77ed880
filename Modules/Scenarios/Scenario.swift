import FixtureData

/// A named condition to run a feature in: what the fixture API serves and how (latency, failing resources, empty
/// lists, data of its own, or no API at all) and whether the response cache is warmed first. Every feature gets the
/// ``standard`` ones; a feature adds its own as `Modules/Features/<Name>/scenarios/<name>.json` (``ScenarioCatalog``).
/// `make run FEATURE=X SCENARIO=name` runs one, and the conformance suite draws each one's golden frames.
///
/// Every scenario starts from an empty state folder (no database, no cache): `fresh` is exactly that on the sample
/// data.
public struct Scenario: Sendable, Hashable {
  /// The name `SCENARIO=` takes and golden frames carry: lower case letters, digits and `-`, a letter first.
  public var name: String
  /// One line saying what the scenario shows (`make scenarios` lists it).
  public var summary: String
  /// What the fixture API does.
  public var api: ScenarioAPI
  /// Whether the response cache is filled before the run.
  public var cache: ScenarioCache
  /// The file it was read from, relative to the checkout (`nil` for a standard scenario).
  public var file: String?

  /// Creates a scenario.
  public init(
    name: String, summary: String, api: ScenarioAPI = ScenarioAPI(), cache: ScenarioCache = .none, file: String? = nil
  ) {
    self.name = name
    self.summary = summary
    self.api = api
    self.cache = cache
    self.file = file
  }

  /// Whether `name` is spelled as a scenario's name may be: 1 to 40 characters, lower case ASCII letters, digits and
  /// `-`, a letter first.
  public static func isValidName(_ name: String) -> Bool {
    guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), name.utf8.count <= 40
    else { return false }
    return name.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "-")
    }
  }

  /// Checks the scenario against the data the API serves: every resource it makes fail exists and every list it
  /// empties is a list (after its own data replaced the sample's).
  /// - Throws: ``ScenarioError/invalid(file:reason:)`` naming the file (or the standard scenario) and the name.
  public func check(against database: FixtureDatabase) throws(ScenarioError) {
    let served = api.data.map { database.replacing(with: $0) } ?? database
    for status in api.statuses where status.resource != "*" && served[status.resource] == nil {
      throw .invalid(
        file: file ?? name,
        reason: "api.status names \"\(status.resource)\", which the API does not serve (it serves "
          + served.resourceNames.joined(separator: ", ") + ")")
    }
    if let empty = api.empty {
      do {
        _ = try served.emptying(empty)
      } catch {
        throw .invalid(file: file ?? name, reason: "api.empty: \(error)")
      }
    }
  }
}
