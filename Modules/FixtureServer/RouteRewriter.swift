import FixtureData
import Foundation

/// json-server's `--routes routes.json`: rules that rewrite a request's path before it is routed, as its
/// `express-urlrewrite` rules do.
///
/// ```json
/// {"/api/*": "/$1", "/:resource/:id/show": "/:resource/:id", "/posts/:category": "/posts?category=:category"}
/// ```
///
/// A rule's source is matched against the whole path (case-insensitively, a trailing `/` allowed, not
/// percent-decoded): literal text, `:name` (one or more characters other than `/`) and `*` (any characters,
/// `/` included). The target's `:name` is replaced by what that parameter matched and `$N` by the N-th
/// parameter or `*` of the source, counting from 1 in order. Every rule is tried in file order, each on the
/// result of the ones before. The request's own query string is kept: it follows the target's (`?category=x&_page=2`).
/// `GET /__rules` answers the rules as given.
///
/// Only `:name` and `*` are supported of path-to-regexp's syntax (no `:name?`, `(regex)`, `+`): such characters
/// match themselves.
public final class RouteRewriter: Sendable {
  /// One rule: its source and target as written, and the source compiled.
  struct Rule: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to use from any thread.
    let source: String
    let target: String
    let expression: NSRegularExpression
    /// The parameter names of the source in group order; `nil` for a `*`.
    let names: [String?]
  }

  /// The most rules a file may hold.
  public static let maximumRules = 1000
  /// The longest source or target accepted.
  public static let maximumRuleLength = 2048
  /// The longest path a rewrite may produce: a target repeating its captures, applied rule after rule, could
  /// otherwise grow a path without bound. A longer result leaves the request as it came.
  public static let maximumRewrittenLength = 8192

  /// The rules in file order.
  let rules: [Rule]

  /// Compiles `rules` (source, target), in order.
  /// - Throws: ``RouteRulesError`` for too many rules, an empty or overlong source or target, a source not starting
  ///   with `/`, or a target naming a parameter its source lacks.
  public init(rules pairs: [(source: String, target: String)]) throws(RouteRulesError) {
    guard pairs.count <= Self.maximumRules else { throw .tooManyRules(pairs.count) }
    var rules: [Rule] = []
    for (source, target) in pairs {
      guard source.hasPrefix("/"), !target.isEmpty, source.utf8.count <= Self.maximumRuleLength,
        target.utf8.count <= Self.maximumRuleLength
      else { throw .invalidRule(source: source, reason: "the source must start with / and both be 1…2048 bytes") }
      // Matching must stay linear in the request's path: at most one `*`, and every `:name` a whole segment (after
      // `/`, before `/` or the end), so no two wildcards compete for the same characters.
      guard source.filter({ $0 == "*" }).count <= 1, Self.parametersAreWholeSegments(source) else {
        throw .invalidRule(
          source: source, reason: "at most one * and each :name a whole path segment (/:name/ or /:name at the end)")
      }
      let (pattern, names) = Self.pattern(for: source)
      for name in Self.parameterNames(in: target) where !names.contains(name) {
        throw .invalidRule(source: source, reason: "the target names :\(name), which the source does not have")
      }
      guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
        throw .invalidRule(source: source, reason: "it does not compile")
      }
      rules.append(Rule(source: source, target: target, expression: expression, names: names))
    }
    self.rules = rules
  }

  /// Reads a `routes.json`: one JSON object whose members are rules, source to target, both strings.
  /// - Throws: ``RouteRulesError``.
  public convenience init(json bytes: some Collection<UInt8>) throws(RouteRulesError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw .malformedJSON(String(describing: error))
    }
    guard case .object(let object) = value else { throw .notAnObject }
    var pairs: [(source: String, target: String)] = []
    for member in object.members {
      guard case .string(let target) = member.value else {
        throw .invalidRule(source: member.key, reason: "the target must be a string")
      }
      pairs.append((member.key, target))
    }
    try self.init(rules: pairs)
  }

  /// Reads the `routes.json` at `url`.
  /// - Throws: ``RouteRulesError``.
  public convenience init(contentsOf url: URL) throws(RouteRulesError) {
    // Read as a data file is: only a regular file of bounded size, never waiting on a FIFO or a device.
    let data: [UInt8]
    do {
      data = try DatabaseFile(url: url).read()
    } catch {
      if case .unreadable(_, let reason) = error { throw .unreadable(path: url.path, reason: reason) }
      throw .unreadable(path: url.path, reason: error.description)
    }
    try self.init(json: data)
  }

  /// How many rules there are.
  public var ruleCount: Int { rules.count }

  /// The rules as a JSON object, for `GET /__rules`.
  var json: JSONValue {
    .object(JSONObject(rules.map { ($0.source, JSONValue.string($0.target)) }))
  }

  /// `target` (a request target: path, then maybe `?query`) with every rule applied in order.
  public func rewrite(_ target: String) -> String {
    var path = target
    var query = ""
    if let mark = target.firstIndex(of: "?") {
      path = String(target[..<mark])
      query = String(target[target.index(after: mark)...])
    }
    for rule in rules {
      let range = NSRange(path.startIndex..., in: path)
      guard let match = rule.expression.firstMatch(in: path, range: range) else { continue }
      var captures: [String] = []
      for group in 1..<match.numberOfRanges {
        captures.append(Range(match.range(at: group), in: path).map { String(path[$0]) } ?? "")
      }
      var rewritten = Self.substitute(rule.target, captures: captures, names: rule.names)
      if let mark = rewritten.firstIndex(of: "?") {
        let ruleQuery = String(rewritten[rewritten.index(after: mark)...])
        rewritten = String(rewritten[..<mark])
        query = [ruleQuery, query].filter { !$0.isEmpty }.joined(separator: "&")
      }
      path = rewritten.hasPrefix("/") ? rewritten : "/" + rewritten
      if path.utf8.count + query.utf8.count > Self.maximumRewrittenLength { return target }
    }
    return query.isEmpty ? path : path + "?" + query
  }

  /// Whether every `:name` of `source` is a whole path segment: preceded by `/`, followed by `/` or the end.
  private static func parametersAreWholeSegments(_ source: String) -> Bool {
    let characters = Array(source)
    for (index, character) in characters.enumerated() where character == ":" {
      guard index + 1 < characters.count, isNameCharacter(characters[index + 1]) else { continue }
      guard index > 0, characters[index - 1] == "/" else { return false }
      var end = index + 1
      while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
      guard end == characters.count || characters[end] == "/" else { return false }
    }
    return true
  }

  /// The regular expression of a source: literal text escaped, `:name` as `([^/]+?)`, `*` as `(.*)`, an optional
  /// trailing slash, anchored at both ends.
  private static func pattern(for source: String) -> (String, [String?]) {
    var pattern = "^"
    var names: [String?] = []
    var characters = Substring(source)
    while let character = characters.first {
      if character == ":", let next = characters.dropFirst().first, isNameCharacter(next) {
        let name = characters.dropFirst().prefix(while: isNameCharacter)
        names.append(String(name))
        pattern += "([^/]+?)"
        characters = characters.dropFirst(1 + name.count)
      } else if character == "*" {
        names.append(nil)
        pattern += "(.*)"
        characters = characters.dropFirst()
      } else {
        pattern += NSRegularExpression.escapedPattern(for: String(character))
        characters = characters.dropFirst()
      }
    }
    return (pattern + "(?:/(?=$))?$", names)
  }

  /// The `:name`s of a target.
  private static func parameterNames(in target: String) -> [String] {
    var names: [String] = []
    var characters = Substring(target)
    while let colon = characters.firstIndex(of: ":") {
      let name = characters[characters.index(after: colon)...].prefix(while: isNameCharacter)
      if !name.isEmpty { names.append(String(name)) }
      characters = characters[characters.index(after: colon)...].dropFirst(name.count)
    }
    return names
  }

  /// `target` with `$N` and `:name` replaced by the captures.
  private static func substitute(_ target: String, captures: [String], names: [String?]) -> String {
    var output = ""
    var characters = Substring(target)
    while let character = characters.first {
      let rest = characters.dropFirst()
      if character == "$", let first = rest.first, first.isASCII, first.isNumber {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if let number = Int(digits), number >= 1, number <= captures.count { output += captures[number - 1] }
        characters = rest.dropFirst(digits.count)
      } else if character == ":", let first = rest.first, isNameCharacter(first) {
        let name = rest.prefix(while: isNameCharacter)
        if let index = names.firstIndex(of: String(name)) { output += captures[index] }
        characters = rest.dropFirst(name.count)
      } else {
        output.append(character)
        characters = rest
      }
    }
    return output
  }

  /// JavaScript's `\w`: an ASCII letter, digit or `_`.
  private static func isNameCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "_")
  }
}
