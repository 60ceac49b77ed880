import FixtureData
import Foundation

extension Scenario {
  /// The largest scenario file read, 1 MiB: a scenario's data is a few items, not a dump.
  public static let maximumFileSize = 1 << 20
  /// The longest ``summary``.
  public static let maximumSummaryLength = 120

  /// Reads a feature's scenario from the text of `<name>.json`, strictly: every key known, every value of its type
  /// and range, nothing that could not run.
  ///
  /// ```json
  /// {
  ///   "description": "Curry photos fail; the rest of the archive loads",
  ///   "api": {"latency": 300, "status": {"achive_images": 503}, "empty": ["recent_news"],
  ///           "data": {"achive_images": [{"id": 1, "title": "…"}]}, "down": false},
  ///   "cache": "none"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: the file's name without `.json`.
  ///   - file: the path messages name.
  /// - Throws: ``ScenarioError/invalid(file:reason:)`` naming `file` and the first problem.
  public init(name: String, json bytes: some Collection<UInt8>, file: String) throws(ScenarioError) {
    func invalid(_ reason: String) -> ScenarioError { .invalid(file: file, reason: reason) }
    guard Self.isValidName(name) else {
      throw invalid(
        "'\(VisibleText.shown(name))' is not a scenario name: 1 to 40 lower case letters, digits and '-', a letter first"
      )
    }
    guard !Self.standard.contains(where: { $0.name == name }) else {
      throw invalid("'\(name)' is a standard scenario every feature has: give this one another name")
    }
    guard bytes.count <= Self.maximumFileSize else {
      throw invalid("\(bytes.count) bytes; a scenario file is at most \(Self.maximumFileSize) bytes")
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes, maximumDepth: 64)
    } catch {
      throw invalid("malformed JSON at \(VisibleText.shown(error.description))")
    }
    guard case .object(let root) = value else { throw invalid("the top level must be a JSON object") }
    try Self.onlyKeys(["description", "api", "cache"], in: root, at: "", file: file)

    guard case .string(let summary)? = root["description"] else {
      throw invalid("\"description\" (one line saying what the scenario shows) must be a string")
    }
    guard !summary.trimmingCharacters(in: .whitespaces).isEmpty, summary.count <= Self.maximumSummaryLength,
      !summary.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    else {
      throw invalid("\"description\" must be one line of 1 to \(Self.maximumSummaryLength) characters")
    }

    var cache = ScenarioCache.none
    switch root["cache"] {
    case nil: break
    case .string(let text)?:
      guard let known = ScenarioCache(rawValue: text) else {
        throw invalid("\"cache\" must be \"none\" or \"warm\", not \"\(VisibleText.shown(text))\"")
      }
      cache = known
    default: throw invalid("\"cache\" must be \"none\" or \"warm\"")
    }

    var api = ScenarioAPI()
    switch root["api"] {
    case nil: break
    case .object(let object)?: api = try Self.api(object, file: file)
    default: throw invalid("\"api\" must be an object")
    }
    self.init(name: name, summary: summary, api: api, cache: cache, file: file)
  }

  private static func api(_ object: JSONObject, file: String) throws(ScenarioError) -> ScenarioAPI {
    func invalid(_ reason: String) -> ScenarioError { .invalid(file: file, reason: reason) }
    try onlyKeys(["latency", "status", "empty", "data", "down"], in: object, at: "api.", file: file)
    var api = ScenarioAPI()
    switch object["latency"] {
    case nil: break
    case .integer(let milliseconds)? where (0...ScenarioAPI.maximumLatency).contains(milliseconds):
      api.latency = milliseconds
    default:
      throw invalid("\"api.latency\" must be a whole number of milliseconds, 0...\(ScenarioAPI.maximumLatency)")
    }
    switch object["status"] {
    case nil: break
    case .object(let statuses)?:
      for member in statuses.members {
        try resourceName(member.key, at: "api.status", allowsAll: true, file: file)
        guard case .integer(let code) = member.value, ScenarioStatus.codes.contains(code) else {
          throw invalid(
            "\"api.status\" maps a resource to an HTTP status \(ScenarioStatus.codes.lowerBound)..."
              + "\(ScenarioStatus.codes.upperBound); \"\(VisibleText.shown(member.key))\" is not")
        }
        api.statuses.append(ScenarioStatus(resource: member.key, code: code))
      }
    default: throw invalid("\"api.status\" must be an object of resource names to HTTP statuses")
    }
    switch object["empty"] {
    case nil: break
    case .bool(true)?: api.empty = .all
    case .array(let names)? where !names.isEmpty:
      var lists: [String] = []
      for name in names {
        guard case .string(let list) = name else { throw invalid("\"api.empty\" lists names (strings)") }
        try resourceName(list, at: "api.empty", allowsAll: false, file: file)
        lists.append(list)
      }
      api.empty = .named(lists)
    default: throw invalid("\"api.empty\" must be true (every list) or a non-empty array of list names")
    }
    switch object["data"] {
    case nil: break
    case .object(let data)? where !data.members.isEmpty:
      for member in data.members {
        try resourceName(member.key, at: "api.data", allowsAll: false, file: file)
        switch member.value {
        case .array, .object: break
        default:
          throw invalid(
            "\"api.data.\(VisibleText.shown(member.key))\" must be a list (array) or a singular resource (object)")
        }
      }
      api.data = data
    default: throw invalid("\"api.data\" must be a non-empty object of resources, as in fixtures.json")
    }
    switch object["down"] {
    case nil: break
    case .bool(let down)?: api.down = down
    default: throw invalid("\"api.down\" must be true or false")
    }
    if api.down, api.hasFaults {
      throw invalid("\"api.down\" leaves nothing to answer: \"latency\" and \"status\" cannot apply")
    }
    return api
  }

  /// Refuses any key of `object` outside `known`.
  private static func onlyKeys(
    _ known: [String], in object: JSONObject, at path: String, file: String
  ) throws(ScenarioError) {
    for key in object.keys where !known.contains(key) {
      throw .invalid(
        file: file,
        reason: "unknown key \"\(path)\(VisibleText.shown(key))\" (allowed: "
          + known.map { "\(path)\($0)" }.joined(separator: ", ") + ")")
    }
  }

  /// Refuses a resource name that is not 1 to 256 ASCII letters, digits, `_` and `-` with a letter, digit or `_`
  /// first (the names the fixture data and the features' API lists use): a name starting with `-` would reach
  /// `kumiki-api` as an option, and a `/`, `?`, `#`, `%`, space or control character could not be a path segment.
  private static func resourceName(
    _ name: String, at path: String, allowsAll: Bool, file: String
  ) throws(ScenarioError) {
    if allowsAll, name == "*" { return }
    guard isValidResourceName(name) else {
      throw .invalid(
        file: file,
        reason: "\"\(path)\" names \"\(VisibleText.shown(name))\", which is not a resource name (ASCII letters, "
          + "digits, _ and -, not starting with -)")
    }
  }

  /// Whether `name` is spelled as a resource a scenario names may be: 1 to 256 ASCII letters, digits, `_` and `-`,
  /// the first not `-`.
  static func isValidResourceName(_ name: String) -> Bool {
    func allowed(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
    guard let first = name.utf8.first, allowed(first), name.utf8.count <= 256 else { return false }
    return name.utf8.allSatisfy { allowed($0) || $0 == UInt8(ascii: "-") }
  }
}
