import FeatureKit

/// `--json FIELDS`: keeps only the named fields of a command's JSON, as gh's `--json` does.
///
/// A field is a key of the output's top-level object (`page`), or a path into it (`items.id`): through an array the
/// path applies to each element, so `--json items.id,items.title,next_page` keeps each item's `id` and `title`. An
/// array output is selected element by element. Keys keep the output's order, so the shape stays the command's.
/// A field the output does not have is a ``UsageError`` listing the fields it has (an empty array or a `null`
/// accepts any path below it: there is nothing to select).
enum JSONFields {
  /// At most this many fields, each at most this long: a field list is typed by a person.
  static let maxFields = 64
  static let maxLength = 200

  /// Whether `text` is written as a field list: keys (`[A-Za-z_][A-Za-z0-9_]*`) joined by dots into paths, the
  /// paths joined by commas. Used to tell `--json id,title` from `--json 4` (a positional after the flag).
  static func isFieldList(_ text: String) -> Bool {
    guard !text.isEmpty, text.count <= maxLength * maxFields else { return false }
    return text.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { path in
      path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isKey)
    }
  }

  /// The paths of `text` (`id,title` → `["id", "title"]`), or a ``UsageError`` when it is not a field list.
  static func parse(_ text: String) throws(UsageError) -> [String] {
    let fields = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard isFieldList(text), fields.count <= maxFields, fields.allSatisfy({ $0.count <= maxLength }) else {
      throw UsageError(
        "--json: '\(TextLine.clean(text))' is not a list of fields",
        details: [
          "Usage: kumiki <command> --json <field>[,<field>...]   (a field: a key, or a path such as items.id)"
        ])
    }
    var seen = Set<String>()
    return fields.filter { seen.insert($0).inserted }
  }

  /// `value` with only `fields` kept; `command` names the command in the error.
  static func select(_ fields: [String], from value: JSONValue, command: String) throws(UsageError) -> JSONValue {
    guard !fields.isEmpty else { return value }
    for field in fields where !has(field.split(separator: ".").map(String.init)[...], in: value) {
      let list = available(in: value)
      throw UsageError(
        "unknown JSON field '\(TextLine.clean(field))' for '\(TextLine.clean(command))'",
        details: ["Available fields:"] + wrapped(list) + [
          "Usage: kumiki \(TextLine.clean(command)) --json <field>[,...]"
        ])
    }
    return keep(Tree(fields.map { $0.split(separator: ".").map(String.init) }), in: value)
  }

  /// The fields `value` has: its keys and, one level down, the keys under them (`items.id`), in order.
  static func available(in value: JSONValue) -> [String] {
    var fields: [String] = []
    for key in keys(of: value) {
      fields.append(key)
      for member in members(named: key, in: value) {
        for inner in keys(of: member) where !fields.contains(key + "." + inner) { fields.append(key + "." + inner) }
      }
    }
    return fields
  }

  // MARK: Pieces

  /// The requested paths as a tree: `nil` children means the whole value.
  struct Tree {
    var children: [String: Tree]?

    init(_ paths: [[String]]) {
      guard !paths.contains(where: \.isEmpty) else { return }
      var grouped: [String: [[String]]] = [:]
      for path in paths { grouped[path[0], default: []].append(Array(path.dropFirst())) }
      children = grouped.mapValues(Tree.init)
    }
  }

  static func keep(_ tree: Tree, in value: JSONValue) -> JSONValue {
    guard let children = tree.children else { return value }
    switch value {
    case .object(let members):
      return .object(members.compactMap { key, member in children[key].map { (key, keep($0, in: member)) } })
    case .array(let elements):
      return .array(elements.map { keep(tree, in: $0) })
    default:
      return value
    }
  }

  static func has(_ path: ArraySlice<String>, in value: JSONValue) -> Bool {
    guard let key = path.first else { return true }
    switch value {
    case .object(let members):
      guard let member = members.first(where: { $0.0 == key })?.1 else { return false }
      return has(path.dropFirst(), in: member)
    case .array(let elements):
      return elements.isEmpty || elements.contains { has(path, in: $0) }
    case .null:
      return true
    default:
      return false
    }
  }

  static func keys(of value: JSONValue) -> [String] {
    switch value {
    case .object(let members): return members.map(\.0)
    case .array(let elements):
      var found: [String] = []
      for element in elements.prefix(100) { found += keys(of: element).filter { !found.contains($0) } }
      return found
    default: return []
    }
  }

  static func members(named key: String, in value: JSONValue) -> [JSONValue] {
    switch value {
    case .object(let members): return members.filter { $0.0 == key }.map(\.1)
    case .array(let elements): return elements.prefix(100).flatMap { members(named: key, in: $0) }
    default: return []
    }
  }

  static func isKey(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, text.count <= maxLength, !("0"..."9").contains(first) else {
      return false
    }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
    }
  }

  /// `fields` as indented lines of at most about 100 characters.
  static func wrapped(_ fields: [String]) -> [String] {
    var lines: [String] = []
    var line = ""
    for field in fields.map(TextLine.clean) {
      if !line.isEmpty && line.count + field.count + 2 > 100 {
        lines.append("  " + line + ",")
        line = ""
      }
      line += (line.isEmpty ? "" : ", ") + field
    }
    if !line.isEmpty { lines.append("  " + line) }
    return lines
  }
}
