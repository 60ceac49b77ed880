/// json-server 0.17's relations between lists, as pure functions over a database: `_embed` (children),
/// `_expand` (parent), the foreign key a nested route sets, and the cascade of `DELETE`.
///
/// A child points at its parent with a field named after the parent list's singular plus ``foreignKeySuffix``:
/// a comment with `"postId": 1` belongs to item `1` of `posts` (names inflected by ``Inflection``).
/// - `_embed=comments` on an item of `posts` adds `comments`: the elements of the `comments` list whose `postId` is
///   the item's id, compared as lodash's `_.filter(list, {postId: id})` does (same type and value: `1` and `"1"`
///   differ, `1` and `1.0` do not). An unknown name embeds `[]`, as in json-server; a singular resource's values
///   are filtered as a list's elements would be (lodash iterates them), anything else embeds `[]`.
/// - `_expand=post` on a comment adds `post`: the element of `posts` whose id, as text, is the comment's `postId`
///   (lodash-id's `getById`), or removes `post` when there is none. Nothing changes when there is no `posts` list.
/// - Either may repeat (`_embed=comments&_embed=likes`); embedding comes before expanding, in the order given.
///
/// Only object items are extended (json-server cannot add fields to other values either).
public struct Relations: Sendable, Equatable {
  /// The name of the id field (json-server's `--id`). Default `id`.
  public var idField: String
  /// What follows a parent's singular name in a child's foreign key (json-server's `--foreignKeySuffix`).
  /// Default `Id`.
  public var foreignKeySuffix: String

  /// Creates the relations of a database whose items are identified by `idField`, with foreign keys ending in
  /// `foreignKeySuffix`.
  public init(idField: String = "id", foreignKeySuffix: String = "Id") {
    self.idField = idField
    self.foreignKeySuffix = foreignKeySuffix
  }

  /// The field of a child that points at an item of `resource`: `postId` for `posts`.
  public func foreignKey(referencing resource: String) -> String {
    Inflection.singular(of: resource) + foreignKeySuffix
  }

  /// The most distinct `_embed` (or `_expand`) names one request applies: each costs a pass over a collection
  /// per item, so a query repeating thousands would cost items × names × collection size.
  public static let maximumNames = 16

  /// The non-empty values of the parameters named `name` (`_embed`, `_expand`), in order, each once, the first
  /// ``maximumNames`` of them.
  public static func values(of name: String, in parameters: [QueryParameter]) -> [String] {
    var values: [String] = []
    for parameter in parameters where parameter.name == name && !parameter.value.isEmpty {
      guard values.count < maximumNames else { break }
      if !values.contains(parameter.value) { values.append(parameter.value) }
    }
    return values
  }

  /// Whether `parameters` ask for any embedding or expanding.
  public static func isRequested(by parameters: [QueryParameter]) -> Bool {
    parameters.contains { ($0.name == "_embed" || $0.name == "_expand") && !$0.value.isEmpty }
  }

  /// `item` of the list `resource` with the `_embed` and `_expand` of `parameters` applied, from `database`.
  public func apply(
    _ parameters: [QueryParameter], to item: JSONValue, of resource: String, in database: FixtureDatabase
  ) -> JSONValue {
    let embedded = embedding(Self.values(of: "_embed", in: parameters), into: item, of: resource, in: database)
    return expanding(Self.values(of: "_expand", in: parameters), into: embedded, in: database)
  }

  /// `item` of the list `resource` with, for each name in `children`, a member of that name holding the elements
  /// of that list that point at the item.
  public func embedding(
    _ children: [String], into item: JSONValue, of resource: String, in database: FixtureDatabase
  ) -> JSONValue {
    guard case .object(var object) = item, !children.isEmpty else { return item }
    let key = foreignKey(referencing: resource)
    let id = object[idField]
    for child in children {
      let candidates = Self.documents(of: JSONValue.object(database.root).value(atPath: child))
      object[child] = .array(
        candidates.filter { candidate in
          guard let id, let reference = candidate[key] else { return false }
          return Self.sameValue(reference, id)
        })
    }
    return .object(object)
  }

  /// `item` with, for each name in `parents`, a member of that name holding the item of the plural list that its
  /// `<name><suffix>` field points at; the member is removed when none matches (or the field is missing or
  /// `null`), and left alone when there is no such list.
  public func expanding(_ parents: [String], into item: JSONValue, in database: FixtureDatabase) -> JSONValue {
    guard case .object(var object) = item, !parents.isEmpty else { return item }
    for parent in parents {
      guard let list = JSONValue.object(database.root).value(atPath: Inflection.plural(of: parent)),
        JavaScriptSemantics.isTruthy(list)
      else { continue }
      let documents = Self.documents(of: list)
      guard let reference = object[parent + foreignKeySuffix], reference != .null,
        let index = index(of: reference.javaScriptText, in: documents)
      else {
        object[parent] = nil
        continue
      }
      object[parent] = documents[index]
    }
    return .object(object)
  }

  /// The position of the first element whose id, as text, equals `id` (lodash-id's `getById`: `1` and `"1"` are
  /// the same id); elements without an id, or with a `null` one, never match.
  public func index(of id: String, in elements: [JSONValue]) -> Int? {
    elements.firstIndex { element in
      guard let value = element[idField], value != .null else { return false }
      return JavaScriptSemantics.strictlyEqual(value.javaScriptText, id)
    }
  }

  /// The items json-server's `DELETE` removes after the item itself (its `getRemovable`): in every list, the
  /// objects with a field `<name><suffix>` whose value is not `null`, where `<name>`'s plural is a resource of the
  /// database and that resource has no item with that id. One pass: children of the removed children stay.
  /// - Returns: positions by list name, ascending.
  public func danglingReferences(in database: FixtureDatabase) -> [String: [Int]] {
    var dangling: [String: [Int]] = [:]
    for member in database.root.members {
      guard case .array(let elements) = member.value else { continue }
      for (position, element) in elements.enumerated() {
        guard case .object(let object) = element else { continue }
        let points = object.members.contains { field in
          guard field.key.hasSuffix(foreignKeySuffix), field.value != .null else { return false }
          let parent = Inflection.plural(of: String(field.key.dropLast(foreignKeySuffix.count)))
          guard let parents = database[parent], JavaScriptSemantics.isTruthy(parents) else { return false }
          return index(of: field.value.javaScriptText, in: Self.documents(of: parents)) == nil
        }
        if points { dangling[member.key, default: []].append(position) }
      }
    }
    return dangling
  }

  /// Removes ``danglingReferences(in:)`` from `database`.
  /// - Returns: how many items were removed.
  @discardableResult
  public func removeDanglingReferences(from database: inout FixtureDatabase) -> Int {
    var removed = 0
    for (name, positions) in danglingReferences(in: database) {
      guard case .array(var elements)? = database[name] else { continue }
      for position in positions.reversed() { elements.remove(at: position) }
      removed += positions.count
      database.root[name] = .array(elements)
    }
    return removed
  }

  /// What lodash iterates in a collection: a list's elements, an object's values, nothing for anything else.
  private static func documents(of collection: JSONValue?) -> [JSONValue] {
    switch collection {
    case .array(let elements)?: return elements
    case .object(let object)?: return object.members.map(\.value)
    default: return []
    }
  }

  /// lodash's `_.matches` for one field: JavaScript's `===` on primitives (numbers by value, strings by code
  /// units), deep equality on arrays and objects.
  static func sameValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let left), .double(let right)), (.double(let right), .integer(let left)):
      return Double(left) == right
    case (.string(let left), .string(let right)):
      return JavaScriptSemantics.strictlyEqual(left, right)
    default:
      return lhs == rhs
    }
  }
}
