import Foundation

/// json-server 0.17's list query semantics (`plural.js`) as a pure function over JSON values, kept apart from
/// HTTP so it can be tested on its own.
///
/// Steps, in order:
/// 1. Parameters that are neither reserved (`q`, `_sort`, `_order`, `_page`, `_limit`, `_start`, `_end`,
///    `_embed`, `_expand`), nor a `_like`/`_ne`/`_gte`/`_lte` form, nor a path present in at least one element are
///    ignored; so are `callback` and `_`.
/// 2. `q`: keep elements where some value, searched deeply through objects and arrays, contains `q` as a
///    case-insensitive substring; numbers and booleans match as their text, `0`, `false`, `""` and `null` never.
///    Matching is on UTF-16 code units without Unicode normalisation, exactly like JavaScript's `indexOf`.
/// 3. `FIELD=value` (dotted paths allowed): the field's text equals `value`; repeats are OR. `FIELD_ne`: not equal,
///    repeats are AND. `FIELD_like`: case-insensitive regular expression search (ICU's syntax), within
///    ``patternTimeLimit`` for the whole query. `FIELD_gte` / `FIELD_lte`:
///    JavaScript comparison (numeric for numbers, code-unit order for strings). Elements without the field (or
///    with `null`) are dropped by all four.
/// 4. `_sort=a,b&_order=asc,desc`: stable sort; missing values after `null` after everything else when
///    ascending, reversed when descending.
/// 5. Slicing: `_page` (1-based, below 1 means 1) with `_limit` (default 10), or else `_start`/`_end`, or else
///    `_start`/`_limit`. `totalCount` is set whenever `_page`, `_limit` or `_end` is present.
public struct QueryEngine: Sendable {
  /// Parameter names with a meaning of their own, never treated as field filters.
  public static let reservedNames: Set<String> = [
    "q", "_sort", "_order", "_page", "_limit", "_start", "_end", "_embed", "_expand",
  ]

  private static let operatorSuffixes = ["_lte", "_gte", "_ne", "_like"]

  /// The processor time a query may spend matching its `FIELD_like` regular expressions, all elements and
  /// patterns together, on the thread that runs it; `nil` for no limit. A pattern that backtracks without end
  /// (`(.*a){25}` over a title of 24 `a`s takes minutes) is stopped there and the query fails with
  /// ``QueryError/patternTimedOut(parameter:pattern:limit:)``.
  public var patternTimeLimit: Duration?

  /// Creates an engine; `patternTimeLimit` as the property says (no limit by default, for pure uses such as
  /// fakes; the fixture server sets one).
  public init(patternTimeLimit: Duration? = nil) {
    self.patternTimeLimit = patternTimeLimit
  }

  /// Whether `parameters` hold a `FIELD_like` filter, the one kind of query whose cost the data does not bound:
  /// the fixture server runs those away from the threads that serve other requests.
  public static func hasPatterns(_ parameters: [QueryParameter]) -> Bool {
    parameters.contains { $0.name.hasSuffix("_like") }
  }

  /// Runs `parameters` over `elements` (a list endpoint's array).
  /// - Throws: ``QueryError/invalidPattern(parameter:pattern:)`` for a `_like` value that is not a regex, and
  ///   ``QueryError/patternTimedOut(parameter:pattern:limit:)`` when matching exceeds ``patternTimeLimit``.
  public func run(_ parameters: [QueryParameter], on elements: [JSONValue]) throws(QueryError) -> QueryResult {
    var reserved: [String: String] = [:]
    var filterNames: [String] = []
    var filterValues: [String: [String]] = [:]
    for parameter in parameters {
      if Self.reservedNames.contains(parameter.name) {
        if reserved[parameter.name] == nil { reserved[parameter.name] = parameter.value }
        continue
      }
      if filterValues[parameter.name] == nil { filterNames.append(parameter.name) }
      filterValues[parameter.name, default: []].append(parameter.value)
    }

    var chain = elements
    if let q = reserved["q"], !q.isEmpty {
      let needle = q.lowercased()
      chain = chain.filter { Self.deepQuery($0, needle) }
    }

    let budget = PatternTimeBudget(limit: patternTimeLimit)
    var paths: FieldPaths?
    var scanned = 0
    for name in filterNames where name != "callback" && name != "_" {
      guard isFilter(name, in: elements, paths: &paths, scanned: &scanned) else { continue }
      chain = try applyFilter(name: name, values: filterValues[name] ?? [], to: chain, budget: budget)
    }

    if let sort = reserved["_sort"], !sort.isEmpty {
      chain = Self.sorted(chain, keys: sort, orders: reserved["_order"] ?? "")
    }

    return Self.slice(chain, reserved: reserved)
  }

  // MARK: - Filtering

  /// Whether `name` is a path present in at least one element. Names are looked for element by element until that
  /// has cost one pass over the elements; then `paths`, every path the elements hold, answers the rest at once, so a
  /// query of thousands of unknown names costs two passes, not one per name.
  private func isFilter(
    _ name: String, in elements: [JSONValue], paths: inout FieldPaths?, scanned: inout Int
  ) -> Bool {
    if Self.operatorSuffixes.contains(where: { name.hasSuffix($0) }) { return true }
    if let paths { return paths.holds(name) }
    for element in elements {
      scanned += 1
      if element.value(atPath: name) != nil { return true }
    }
    if scanned >= elements.count { paths = FieldPaths(elements) }
    return false
  }

  /// Every path the elements hold, merged (``JSONValue/value(atPath:)`` is non-`nil` on some element exactly for
  /// the paths ``holds(_:)`` finds).
  private final class FieldPaths {
    private var fields: [String: FieldPaths] = [:]
    private var items: [FieldPaths] = []

    private init() {}

    convenience init(_ elements: [JSONValue]) {
      self.init()
      for element in elements { add(element) }
    }

    private func add(_ value: JSONValue) {
      switch value {
      case .object(let object):
        for member in object.members {
          let child = fields[member.key] ?? FieldPaths()
          fields[member.key] = child
          child.add(member.value)
        }
      case .array(let elements):
        for (index, element) in elements.enumerated() {
          if index == items.count { items.append(FieldPaths()) }
          items[index].add(element)
        }
      default:
        break
      }
    }

    /// Whether some element has a value at `path`: a key as it is, or dotted steps, each an object's key or an
    /// array's index (one element may hold an object where another holds an array, so both are followed).
    func holds(_ path: String) -> Bool {
      if fields[path] != nil { return true }
      var frontier = [self]
      for component in path.split(separator: ".", omittingEmptySubsequences: false) {
        var next: [FieldPaths] = []
        var seen = Set<ObjectIdentifier>()
        for node in frontier {
          var reached: [FieldPaths] = []
          if let child = node.fields[String(component)] { reached.append(child) }
          if let index = Int(component), node.items.indices.contains(index) { reached.append(node.items[index]) }
          for child in reached where seen.insert(ObjectIdentifier(child)).inserted { next.append(child) }
        }
        guard !next.isEmpty else { return false }
        frontier = next
      }
      return true
    }
  }

  private enum Operator {
    case equal, notEqual, like, greaterOrEqual, lessOrEqual
  }

  private func applyFilter(
    name: String, values: [String], to chain: [JSONValue], budget: PatternTimeBudget
  ) throws(QueryError) -> [JSONValue] {
    var path = name
    var kind = Operator.equal
    for (suffix, suffixKind) in [
      ("_lte", Operator.lessOrEqual), ("_gte", .greaterOrEqual), ("_ne", .notEqual), ("_like", .like),
    ] where name.hasSuffix(suffix) {
      path = String(name.dropLast(suffix.count))
      kind = suffixKind
      break
    }
    var patterns: [(value: String, expression: NSRegularExpression)] = []
    if kind == .like {
      for value in values {
        do {
          patterns.append((value, try NSRegularExpression(pattern: value, options: [.caseInsensitive])))
        } catch {
          throw .invalidPattern(parameter: name, pattern: value)
        }
      }
    }
    // `===` on strings is equality of UTF-16 code units: a set of them answers for all the values at once.
    let valueSet = kind == .equal || kind == .notEqual ? Set(values.map { Array($0.utf16) }) : []
    var kept: [JSONValue] = []
    for element in chain {
      guard let field = element.value(atPath: path), field != .null else { continue }
      let text = field.javaScriptText
      let keep: Bool
      switch kind {
      case .equal: keep = valueSet.contains(Array(text.utf16))
      case .notEqual: keep = !valueSet.contains(Array(text.utf16))
      case .like:
        var matched = false
        for pattern in patterns where !matched {
          do {
            matched = try budget.matches(pattern.expression, in: text)
          } catch {
            throw .patternTimedOut(parameter: name, pattern: pattern.value, limit: budget.limit ?? .zero)
          }
        }
        keep = matched
      case .greaterOrEqual:
        keep = values.contains { (JavaScriptSemantics.compare(field, .string($0)) ?? -1) >= 0 }
      case .lessOrEqual:
        keep = values.contains { (JavaScriptSemantics.compare(field, .string($0)) ?? 1) <= 0 }
      }
      if keep { kept.append(element) }
    }
    return kept
  }

  /// json-server's `deepQuery`: `needle` must already be lower-cased.
  static func deepQuery(_ value: JSONValue, _ needle: String) -> Bool {
    guard JavaScriptSemantics.isTruthy(value) else { return false }
    switch value {
    case .array(let elements): return elements.contains { deepQuery($0, needle) }
    case .object(let object): return object.members.contains { deepQuery($0.value, needle) }
    default: return JavaScriptSemantics.contains(value.javaScriptText.lowercased(), needle)
    }
  }

  // MARK: - Sorting

  private static func sorted(_ chain: [JSONValue], keys: String, orders: String) -> [JSONValue] {
    let paths = keys.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let directions = orders.split(separator: ",", omittingEmptySubsequences: false).map { $0.lowercased() }
    let keyed = chain.enumerated().map { offset, element in
      (offset: offset, element: element, keys: paths.map { element.value(atPath: $0) })
    }
    return keyed.sorted { lhs, rhs in
      for index in paths.indices {
        var result = compareAscending(lhs.keys[index], rhs.keys[index])
        if index < directions.count, directions[index] == "desc" { result = -result }
        if result != 0 { return result < 0 }
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// lodash's `compareAscending`: defined values first, then `null`, then missing.
  private static func compareAscending(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Int {
    func rank(_ value: JSONValue?) -> Int {
      switch value {
      case nil: return 2
      case .null?: return 1
      default: return 0
      }
    }
    let (leftRank, rightRank) = (rank(lhs), rank(rhs))
    guard leftRank == 0, rightRank == 0, let lhs, let rhs else { return leftRank - rightRank }
    return JavaScriptSemantics.compare(lhs, rhs) ?? 0
  }

  // MARK: - Slicing

  private static func slice(_ chain: [JSONValue], reserved: [String: String]) -> QueryResult {
    func present(_ name: String) -> String? {
      guard let value = reserved[name], !value.isEmpty else { return nil }
      return value
    }
    let total = chain.count
    let counted = present("_end") != nil || present("_limit") != nil || present("_page") != nil
    var result = QueryResult(items: chain, totalCount: counted ? total : nil)

    if let pageText = present("_page") {
      let page = JavaScriptSemantics.parseInt(pageText).map { $0 >= 1 ? $0 : 1 } ?? 1
      let parsedLimit = present("_limit").flatMap(JavaScriptSemantics.parseInt) ?? 0
      let limit = parsedLimit == 0 ? 10 : parsedLimit
      let start = (page - 1) * limit
      let end = page * limit
      result.items = JavaScriptSemantics.slice(chain, start: start, end: end)
      guard !result.items.isEmpty else { return result }
      var links = PageLinks()
      if page > 1 { links.prev = Int(page) - 1 }
      if end < Double(total) { links.next = Int(page) + 1 }
      if result.items.count != total {
        links.current = Int(page)
        links.first = 1
        links.last = Int((Double(total) / limit).rounded(.up))
      }
      result.pageLinks = links
    } else if let endText = present("_end") {
      let start = present("_start").flatMap(JavaScriptSemantics.parseInt) ?? 0
      result.items = JavaScriptSemantics.slice(chain, start: start, end: JavaScriptSemantics.parseInt(endText))
    } else if let limitText = present("_limit") {
      let start = present("_start").flatMap(JavaScriptSemantics.parseInt) ?? 0
      let end = JavaScriptSemantics.parseInt(limitText).map { start + $0 }
      result.items = JavaScriptSemantics.slice(chain, start: start, end: end)
    }
    return result
  }
}
