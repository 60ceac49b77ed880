import FeatureKit
import Terminal

/// `--jq EXPR`: a small, safe subset of jq over a command's JSON, as gh's `--jq` (the grammar is in the CLI's
/// README, "Selecting and filtering JSON").
///
/// ```
/// filter     = stage { "|" stage }
/// stage      = path | "length" | "keys" | "select(" condition ")"
/// path       = "." [ key | string | "[" [ integer ] "]" ] { "." ( key | string ) | "[" [ integer ] "]" }
/// condition  = path [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) literal ]
/// literal    = number | string | "true" | "false" | "null"
/// ```
///
/// Each stage maps every value the previous one gave to zero or more values: `.items[]` gives each element,
/// `.[2]` one (negative counts from the end; out of range is `null`), `.name` a member (`null` when absent, or on
/// `null`), `select(c)` the value when `c` holds (a bare path: it is neither `false` nor `null`), `length` the
/// count of an array's elements, an object's members or a string's characters, `keys` an object's keys (sorted)
/// or an array's indices. Values compare as jq orders them (`null` < `false` < `true` < numbers < strings < arrays
/// < objects). There are no loops, no recursion and no functions: the work is bounded by the data's size times
/// the number of stages, and the results by ``maxResults``.
///
/// Strings print raw (as `jq -r`, made inert like any text from data), other values as compact JSON, one a line.
struct JSONFilter: Sendable {
  /// An expression is typed by a person: this long at most.
  static let maxLength = 1000
  /// At most this many values flow out of any stage.
  static let maxResults = 100_000

  enum Step: Equatable, Sendable {
    case key(String)
    case index(Int)
    case iterate
  }

  enum Comparison: String, Sendable, CaseIterable {
    case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"
  }

  enum Stage: Sendable {
    case path([Step])
    case length
    case keys
    case select([Step], (Comparison, JSONValue)?)
  }

  let stages: [Stage]

  /// Parses `expression`; a ``UsageError`` says what is wrong and where.
  init(_ expression: String) throws(UsageError) {
    guard expression.count <= Self.maxLength else {
      throw Self.error("the expression is longer than \(Self.maxLength) characters")
    }
    var parser = Parser(Array(expression.unicodeScalars))
    stages = try parser.filter()
  }

  /// The values `input` gives, or a ``UsageError`` (indexing a value that has no such member, too many results).
  func apply(to input: JSONValue) throws(UsageError) -> [JSONValue] {
    var values = [input]
    for stage in stages {
      var next: [JSONValue] = []
      for value in values {
        next += try Self.run(stage, on: value)
        if next.count > Self.maxResults { throw Self.error("more than \(Self.maxResults) results") }
      }
      values = next
    }
    return values
  }

  /// The results as printed: strings raw and inert, other values compact JSON, one per line.
  static func text(_ results: [JSONValue]) -> String {
    results.map { value in
      if case .string(let text) = value { return TextSanitizer.inert(text) }
      return value.text
    }.map { $0 + "\n" }.joined()
  }

  static func error(_ message: String, at position: Int? = nil) -> UsageError {
    UsageError(
      "--jq: \(message)" + (position.map { " at character \($0 + 1)" } ?? ""),
      details: ["See 'Selecting and filtering JSON' in the CLI's README (kumiki man) for the grammar."])
  }

  // MARK: Evaluation

  static func run(_ stage: Stage, on value: JSONValue) throws(UsageError) -> [JSONValue] {
    switch stage {
    case .path(let steps):
      return try follow(steps, from: value)
    case .length:
      switch value {
      case .null: return [.int(0)]
      case .array(let elements): return [.int(elements.count)]
      case .object(let members): return [.int(members.count)]
      case .string(let text): return [.int(text.unicodeScalars.count)]
      case .int(let number): return [.int(number == .min ? .max : abs(number))]
      case .double(let number): return [.double(abs(number))]
      case .bool: throw error("boolean has no length")
      }
    case .keys:
      switch value {
      case .object(let members):
        return [
          .array(
            members.map(\.0).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.map(
              JSONValue.string))
        ]
      case .array(let elements): return [.array(elements.indices.map(JSONValue.int))]
      default: throw error("\(kind(of: value)) has no keys")
      }
    case .select(let steps, let comparison):
      for candidate in try follow(steps, from: value) {
        let holds =
          if let (operation, literal) = comparison {
            compare(candidate, operation, literal)
          } else {
            candidate != .null && candidate != .bool(false)
          }
        if holds { return [value] }
      }
      return []
    }
  }

  static func follow(_ steps: [Step], from value: JSONValue) throws(UsageError) -> [JSONValue] {
    var values = [value]
    for step in steps {
      var next: [JSONValue] = []
      for value in values {
        switch (step, value) {
        case (.key(let key), .object(let members)): next.append(members.first { $0.0 == key }?.1 ?? .null)
        case (.key, .null), (.index, .null): next.append(.null)
        case (.index(let index), .array(let elements)):
          let position = index < 0 ? elements.count + index : index
          next.append(elements.indices.contains(position) ? elements[position] : .null)
        case (.iterate, .array(let elements)): next += elements
        case (.iterate, .object(let members)): next += members.map(\.1)
        case (.key(let key), _): throw error("cannot index \(kind(of: value)) with \"\(TextLine.clean(key))\"")
        case (.index, _): throw error("cannot index \(kind(of: value)) with a number")
        case (.iterate, _): throw error("cannot iterate over \(kind(of: value))")
        }
        if next.count > maxResults { throw error("more than \(maxResults) results") }
      }
      values = next
    }
    return values
  }

  static func kind(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "boolean"
    case .int, .double: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  static func compare(_ value: JSONValue, _ operation: Comparison, _ literal: JSONValue) -> Bool {
    let order = self.order(value, literal)
    return switch operation {
    case .equal: order == 0
    case .notEqual: order != 0
    case .less: order < 0
    case .lessOrEqual: order <= 0
    case .greater: order > 0
    case .greaterOrEqual: order >= 0
    }
  }

  /// jq's order: -1, 0 or 1.
  static func order(_ a: JSONValue, _ b: JSONValue) -> Int {
    func rank(_ value: JSONValue) -> Int {
      switch value {
      case .null: 0
      case .bool(let flag): flag ? 2 : 1
      case .int, .double: 3
      case .string: 4
      case .array: 5
      case .object: 6
      }
    }
    func sign<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : x == y ? 0 : 1 }
    switch (a, b) {
    case (.int(let x), .int(let y)): return sign(x, y)
    case (.int(let x), .double(let y)): return sign(Double(x), y)
    case (.double(let x), .int(let y)): return sign(x, Double(y))
    case (.double(let x), .double(let y)): return sign(x, y)
    case (.string(let x), .string(let y)):
      return x == y ? 0 : x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : 1
    case (.array(let x), .array(let y)):
      for (left, right) in zip(x, y) {
        let result = order(left, right)
        if result != 0 { return result }
      }
      return sign(x.count, y.count)
    case (.object, .object):
      return a == b ? 0 : a.text.unicodeScalars.lexicographicallyPrecedes(b.text.unicodeScalars) ? -1 : 1
    default:
      return sign(rank(a), rank(b))
    }
  }

  // MARK: Parsing

  struct Parser {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func filter() throws(UsageError) -> [Stage] {
      var stages = [try stage()]
      skipSpaces()
      while position < scalars.count {
        guard scalars[position] == "|" else { throw JSONFilter.error("unexpected '\(here)'", at: position) }
        position += 1
        stages.append(try stage())
        skipSpaces()
      }
      return stages
    }

    var here: String { position < scalars.count ? TextLine.clean(String(scalars[position])) : "end" }

    mutating func skipSpaces() {
      while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    }

    mutating func stage() throws(UsageError) -> Stage {
      skipSpaces()
      guard position < scalars.count else {
        throw JSONFilter.error("expected a path, length, keys or select(...)", at: position)
      }
      if scalars[position] == "." { return .path(try path()) }
      let start = position
      let word = identifier()
      switch word {
      case "length": return .length
      case "keys": return .keys
      case "select":
        skipSpaces()
        try expect("(")
        skipSpaces()
        guard position < scalars.count, scalars[position] == "." else {
          throw JSONFilter.error("select(...) takes a path, as select(.price > 100)", at: position)
        }
        let steps = try path()
        skipSpaces()
        var comparison: (Comparison, JSONValue)?
        if let operation = Comparison.allCases.first(where: { matches($0.rawValue) }) {
          position += operation.rawValue.unicodeScalars.count
          skipSpaces()
          comparison = (operation, try literal())
          skipSpaces()
        }
        try expect(")")
        return .select(steps, comparison)
      default:
        throw JSONFilter.error(
          word.isEmpty ? "unexpected '\(here)'" : "unknown function '\(TextLine.clean(word))'", at: start)
      }
    }

    func matches(_ text: String) -> Bool {
      let wanted = Array(text.unicodeScalars)
      return position + wanted.count <= scalars.count && Array(scalars[position..<position + wanted.count]) == wanted
    }

    mutating func expect(_ scalar: Unicode.Scalar) throws(UsageError) {
      guard position < scalars.count, scalars[position] == scalar else {
        throw JSONFilter.error("expected '\(scalar)', found '\(here)'", at: position)
      }
      position += 1
    }

    /// `.`, `.a.b`, `.a[0]`, `.[]`, `."key with spaces"`.
    mutating func path() throws(UsageError) -> [Step] {
      try expect(".")
      var steps: [Step] = []
      var afterDot = true
      while position < scalars.count {
        let scalar = scalars[position]
        if scalar == "[" {
          position += 1
          skipSpaces()
          if position < scalars.count, scalars[position] == "]" {
            steps.append(.iterate)
          } else {
            steps.append(.index(try integer()))
            skipSpaces()
          }
          try expect("]")
          afterDot = false
        } else if afterDot && scalar == "\"" {
          steps.append(.key(try string()))
          afterDot = false
        } else if afterDot, Self.isIdentifierStart(scalar) {
          steps.append(.key(identifier()))
          afterDot = false
        } else if scalar == "." && !afterDot {
          position += 1
          afterDot = true
        } else {
          break
        }
      }
      if afterDot && !steps.isEmpty { throw JSONFilter.error("expected a key after '.'", at: position) }
      return steps
    }

    mutating func identifier() -> String {
      var text = ""
      while position < scalars.count,
        Self.isIdentifierStart(scalars[position]) || (!text.isEmpty && ("0"..."9").contains(scalars[position]))
      {
        text.unicodeScalars.append(scalars[position])
        position += 1
      }
      return text
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    mutating func integer() throws(UsageError) -> Int {
      let start = position
      if position < scalars.count, scalars[position] == "-" { position += 1 }
      while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
      guard let value = Int(String(String.UnicodeScalarView(scalars[start..<position]))) else {
        throw JSONFilter.error("expected an index (an integer) or ']'", at: start)
      }
      return value
    }

    mutating func literal() throws(UsageError) -> JSONValue {
      guard position < scalars.count else { throw JSONFilter.error("expected a value", at: position) }
      let scalar = scalars[position]
      if scalar == "\"" { return .string(try string()) }
      if scalar == "-" || ("0"..."9").contains(scalar) {
        let start = position
        position += 1
        while position < scalars.count, ("0"..."9").contains(scalars[position]) || scalars[position] == "." {
          position += 1
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        if let value = Int(text) { return .int(value) }
        if let value = Double(text), value.isFinite { return .double(value) }
        throw JSONFilter.error("'\(TextLine.clean(text))' is not a number", at: start)
      }
      let start = position
      switch identifier() {
      case "true": return .bool(true)
      case "false": return .bool(false)
      case "null": return .null
      default: throw JSONFilter.error("expected a number, a string, true, false or null", at: start)
      }
    }

    /// A string literal with JSON's escapes.
    mutating func string() throws(UsageError) -> String {
      let start = position
      try expect("\"")
      var text = String.UnicodeScalarView()
      while position < scalars.count {
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "\"": return String(text)
        case "\\":
          guard position < scalars.count else { break }
          let escaped = scalars[position]
          position += 1
          switch escaped {
          case "n": text.append("\n")
          case "t": text.append("\t")
          case "r": text.append("\r")
          case "\"", "\\", "/": text.append(escaped)
          case "u":
            let end = position + 4
            guard end <= scalars.count,
              let code = UInt32(String(String.UnicodeScalarView(scalars[position..<end])), radix: 16),
              let decoded = Unicode.Scalar(code)
            else { throw JSONFilter.error("bad \\u escape", at: position - 2) }
            text.append(decoded)
            position = end
          default: throw JSONFilter.error("bad escape '\\\(TextLine.clean(String(escaped)))'", at: position - 2)
          }
        default: text.append(scalar)
        }
      }
      throw JSONFilter.error("unterminated string", at: start)
    }
  }
}
