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
///    repeats are AND. `FIELD_like`: case-insensitive regular expression search. `FIELD_gte` / `FIELD_lte`:
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

  /// Creates an engine.
  public init() {}

  /// Runs `parameters` over `elements` (a list endpoint's array).
  /// - Throws: ``QueryError/invalidPattern(parameter:pattern:)`` for a `_like` value that is not a regex.
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

    for name in filterNames where name != "callback" && name != "_" {
      guard isFilter(name, in: elements) else { continue }
      chain = try applyFilter(name: name, values: filterValues[name] ?? [], to: chain)
    }

    if let sort = reserved["_sort"], !sort.isEmpty {
      chain = Self.sorted(chain, keys: sort, orders: reserved["_order"] ?? "")
    }

    return Self.slice(chain, reserved: reserved)
  }

  // MARK: - Filtering

  private func isFilter(_ name: String, in elements: [JSONValue]) -> Bool {
    if Self.operatorSuffixes.contains(where: { name.hasSuffix($0) }) { return true }
    return elements.contains { $0.value(atPath: name) != nil }
  }

  private enum Operator {
    case equal, notEqual, like, greaterOrEqual, lessOrEqual
  }

  private func applyFilter(name: String, values: [String], to chain: [JSONValue]) throws(QueryError) -> [JSONValue] {
    var path = name
    var kind = Operator.equal
    for (suffix, suffixKind) in [
      ("_lte", Operator.lessOrEqual), ("_gte", .greaterOrEqual), ("_ne", .notEqual), ("_like", .like),
    ] where name.hasSuffix(suffix) {
      path = String(name.dropLast(suffix.count))
      kind = suffixKind
      break
    }
    var patterns: [NSRegularExpression] = []
    if kind == .like {
      for value in values {
        do {
          patterns.append(try NSRegularExpression(pattern: value, options: [.caseInsensitive]))
        } catch {
          throw .invalidPattern(parameter: name, pattern: value)
        }
      }
    }
    return chain.filter { element in
      guard let field = element.value(atPath: path), field != .null else { return false }
      let text = field.javaScriptText
      switch kind {
      case .equal: return values.contains { JavaScriptSemantics.strictlyEqual($0, text) }
      case .notEqual: return values.allSatisfy { !JavaScriptSemantics.strictlyEqual($0, text) }
      case .like:
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return patterns.contains { $0.firstMatch(in: text, range: range) != nil }
      case .greaterOrEqual:
        return values.contains { (JavaScriptSemantics.compare(field, .string($0)) ?? -1) >= 0 }
      case .lessOrEqual:
        return values.contains { (JavaScriptSemantics.compare(field, .string($0)) ?? 1) <= 0 }
      }
    }
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
