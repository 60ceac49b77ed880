import Synchronization

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
///
/// The cost is linear in the data: each collection a request names is indexed once (children by foreign key,
/// parents by id) and the cascade indexes each list's ids once, where json-server scans a collection per item.
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

  /// The most distinct `_embed` (or `_expand`) names one request applies: each indexes a collection and adds a
  /// member to every item, so a query repeating thousands would cost names × (items + collection size).
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

  /// `items` of the list `resource` with the `_embed` and `_expand` of `parameters` applied, from `database`.
  ///
  /// Each collection named is indexed once for all the items (by foreign key for `_embed`, by id for `_expand`),
  /// so the cost is linear in the items and the collections, not their product.
  public func apply(
    _ parameters: [QueryParameter], to items: [JSONValue], of resource: String, in database: FixtureDatabase
  ) -> [JSONValue] {
    relate(
      items, of: resource, embedding: Self.values(of: "_embed", in: parameters),
      expanding: Self.values(of: "_expand", in: parameters), in: database)
  }

  /// `item` of the list `resource` with the `_embed` and `_expand` of `parameters` applied, from `database`.
  public func apply(
    _ parameters: [QueryParameter], to item: JSONValue, of resource: String, in database: FixtureDatabase
  ) -> JSONValue {
    apply(parameters, to: [item], of: resource, in: database)[0]
  }

  /// `item` of the list `resource` with, for each name in `children`, a member of that name holding the elements
  /// of that list that point at the item.
  public func embedding(
    _ children: [String], into item: JSONValue, of resource: String, in database: FixtureDatabase
  ) -> JSONValue {
    relate([item], of: resource, embedding: children, expanding: [], in: database)[0]
  }

  /// `item` with, for each name in `parents`, a member of that name holding the item of the plural list that its
  /// `<name><suffix>` field points at; the member is removed when none matches (or the field is missing or
  /// `null`), and left alone when there is no such list.
  public func expanding(_ parents: [String], into item: JSONValue, in database: FixtureDatabase) -> JSONValue {
    relate([item], of: nil, embedding: [], expanding: parents, in: database)[0]
  }

  /// `items` of `resource` with `children` embedded, then `parents` expanded, each collection indexed once.
  private func relate(
    _ items: [JSONValue], of resource: String?, embedding children: [String], expanding parents: [String],
    in database: FixtureDatabase
  ) -> [JSONValue] {
    guard !children.isEmpty || !parents.isEmpty else { return items }
    let root = JSONValue.object(database.root)
    let key = resource.map(foreignKey(referencing:)) ?? ""
    let childIndexes = children.map { child in
      (name: child, index: ChildIndex(Self.documents(of: root.value(atPath: child)), key: key))
    }
    let parentIndexes = parents.compactMap { parent -> (name: String, index: ParentIndex)? in
      guard let list = root.value(atPath: Inflection.plural(of: parent)), JavaScriptSemantics.isTruthy(list)
      else { return nil }
      return (parent, ParentIndex(Self.documents(of: list), idField: idField))
    }
    return items.map { item in
      guard case .object(var object) = item else { return item }
      let id = object[idField]
      for child in childIndexes {
        object[child.name] = .array(id.map { child.index.children(of: $0) } ?? [])
      }
      for parent in parentIndexes {
        guard let reference = object[parent.name + foreignKeySuffix], reference != .null else {
          object[parent.name] = nil
          continue
        }
        object[parent.name] = parent.index.first(withID: reference.javaScriptText)
      }
      return .object(object)
    }
  }

  /// The position of the first element whose id, as text, equals `id` (lodash-id's `getById`: `1` and `"1"` are
  /// the same id); elements without an id, or with a `null` one, never match.
  public func index(of id: String, in elements: [JSONValue]) -> Int? {
    Self.probe?.add(elements.count)
    return elements.firstIndex { element in
      guard let value = element[idField], value != .null else { return false }
      return JavaScriptSemantics.strictlyEqual(value.javaScriptText, id)
    }
  }

  /// The items json-server's `DELETE` removes after the item itself (its `getRemovable`): in every list, the
  /// objects with a field `<name><suffix>` whose value is not `null`, where `<name>`'s plural is a resource of the
  /// database and that resource has no item with that id. One pass: children of the removed children stay.
  /// Each resource's ids are indexed once, so the cost is linear in the data.
  /// - Returns: positions by list name, ascending.
  public func danglingReferences(in database: FixtureDatabase) -> [String: [Int]] {
    var dangling: [String: [Int]] = [:]
    // By field name: the resource it points at, or nil when it is not a foreign key.
    var parentOfField: [String: String?] = [:]
    // By resource name: its ids, or nil when it is missing or falsy (nothing points into it).
    var idsOfParent: [String: ParentIndex?] = [:]
    func parentIDs(for field: String) -> ParentIndex? {
      let parent: String?
      if let known = parentOfField[field] {
        parent = known
      } else {
        parent =
          field.hasSuffix(foreignKeySuffix)
          ? Inflection.plural(of: String(field.dropLast(foreignKeySuffix.count))) : nil
        parentOfField[field] = .some(parent)
      }
      guard let parent else { return nil }
      if let known = idsOfParent[parent] { return known }
      var index: ParentIndex?
      if let parents = database[parent], JavaScriptSemantics.isTruthy(parents) {
        index = ParentIndex(Self.documents(of: parents), idField: idField)
      }
      idsOfParent[parent] = .some(index)
      return index
    }
    for member in database.root.members {
      guard case .array(let elements) = member.value else { continue }
      Self.probe?.add(elements.count)
      for (position, element) in elements.enumerated() {
        guard case .object(let object) = element else { continue }
        let points = object.members.contains { field in
          guard field.value != .null, let ids = parentIDs(for: field.key) else { return false }
          return ids.first(withID: field.value.javaScriptText) == nil
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
      guard case .array(let elements)? = database[name] else { continue }
      let gone = Set(positions)
      Self.probe?.add(elements.count)
      database.root[name] = .array(elements.indices.compactMap { gone.contains($0) ? nil : elements[$0] })
      removed += positions.count
    }
    return removed
  }

  /// The children of one collection by foreign key, for `_embed`: lodash's `_.filter(list, {key: id})` for every
  /// id at the cost of one pass. Elements are grouped by a key that ``Relations/sameValue(_:_:)`` never tells
  /// apart (a number by its `Double` value, anything else as itself) and each group is checked with it, in order.
  private struct ChildIndex {
    let documents: [JSONValue]
    let key: String
    let positions: [JSONValue: [Int]]
    let probe = Relations.probe

    init(_ documents: [JSONValue], key: String) {
      self.documents = documents
      self.key = key
      var positions: [JSONValue: [Int]] = [:]
      for (position, document) in documents.enumerated() {
        guard let reference = document[key] else { continue }
        positions[Self.group(of: reference), default: []].append(position)
      }
      probe?.add(documents.count)
      self.positions = positions
    }

    func children(of id: JSONValue) -> [JSONValue] {
      guard let group = positions[Self.group(of: id)] else { return [] }
      probe?.add(group.count)
      return group.compactMap { position in
        let document = documents[position]
        guard let reference = document[key], Relations.sameValue(reference, id) else { return nil }
        return document
      }
    }

    private static func group(of value: JSONValue) -> JSONValue {
      if case .integer(let integer) = value { return .double(Double(integer)) }
      return value
    }
  }

  /// The first element of a collection by id text, for `_expand` and the cascade: ``index(of:in:)`` for every id
  /// at the cost of one pass (UTF-16 code units, as JavaScript's `===` compares them).
  private struct ParentIndex {
    let documents: [JSONValue]
    let positions: [[UInt16]: Int]
    let probe = Relations.probe

    init(_ documents: [JSONValue], idField: String) {
      self.documents = documents
      var positions: [[UInt16]: Int] = [:]
      for (position, document) in documents.enumerated() {
        guard let id = document[idField], id != .null else { continue }
        let text = Array(id.javaScriptText.utf16)
        if positions[text] == nil { positions[text] = position }
      }
      probe?.add(documents.count)
      self.positions = positions
    }

    func first(withID id: String) -> JSONValue? {
      probe?.add(1)
      return positions[Array(id.utf16)].map { documents[$0] }
    }
  }

  /// Counts the items relations look at (index or compare) in the current task: a probe for tests of their cost,
  /// set with `Relations.$probe.withValue(Relations.Probe()) { … }`. `nil` (default) counts nothing.
  @TaskLocal package static var probe: Probe?

  /// A count of items looked at, for ``probe``.
  package final class Probe: Sendable {
    private let count = Mutex(0)

    /// A probe that has counted nothing.
    package init() {}

    /// The items looked at so far.
    package var visits: Int { count.withLock { $0 } }

    func add(_ visits: Int) {
      count.withLock { $0 += visits }
    }
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
