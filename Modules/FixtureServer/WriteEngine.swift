import FixtureData

/// json-server 0.17's write semantics (`plural.js`, `singular.js` and lodash-id), as a pure function over a
/// database value.
///
/// | request | list resource | singular resource (any other value) |
/// |---|---|---|
/// | `POST /name` | `201`, the item appended (a missing or falsy `id` generated); a taken id `409` | `201`, replaced |
/// | `PUT /name/:id` | `200`, the item replaced by the body, its `id` kept | `404` |
/// | `PATCH /name/:id` | `200`, the body's fields assigned over the item's (shallow), its `id` kept | `404` |
/// | `DELETE /name/:id` | `200 {}`, the item removed | `404` |
/// | `PUT /name` | `404` | `200`, the value replaced by the body |
/// | `PATCH /name` | `404` | `200`, the body's fields assigned over the object's (shallow) |
/// | `DELETE /name`, `POST /name/:id` | `404` | `404` |
///
/// Generated ids follow ``ItemID/next(after:random:)``. An unknown resource or id is `404` with `{}`.
/// json-server answers a taken id with `500` and a stack trace; `409 Conflict` with
/// `{"error": "Insert failed, duplicate id"}` says the same as an answer to the request rather than a crash.
/// A `DELETE` of a list item cascades as json-server's does: afterwards every item, in any list, whose
/// `<name><suffix>` field points at an item that no longer exists is removed too (``Relations/danglingReferences(in:)``).
/// The id field is ``Relations/idField`` (json-server's `--id`).
///
/// A write with ``WriteRequest/ifMatch`` on an item (`PUT`, `PATCH`, `DELETE /name/:id`) or a singular resource
/// (`POST`, `PUT`, `PATCH /name`) is done only when the item's own tag (``IfMatch/tag(of:)``: the `ETag` a
/// `GET` of that item alone answers) is among the condition's; otherwise it is `412 Precondition Failed` with the item
/// as it is now, and nothing changes. Tags are per item, so a change to another item of the list never fails the
/// condition. A `POST` to a list (it makes a new item) and a write answered `404` ignore the condition, as RFC 9110
/// 13.2.1 lets a server that would not answer 2xx anyway.
struct WriteEngine: Sendable {
  /// Makes random string ids for lists whose ids are not numbers.
  var randomID: @Sendable () -> String = ItemID.random
  /// The id field's name and the foreign key suffix.
  var relations = Relations()

  private var idField: String { relations.idField }

  /// The message of the `409` answer to a `POST` with an id that is taken (json-server's error text).
  static let duplicateIDMessage = "Insert failed, duplicate id"

  /// Applies `request` to `database`, which is left unchanged unless the outcome says it changed.
  func apply(_ request: WriteRequest, to database: inout FixtureDatabase) -> WriteOutcome {
    var request = request
    if let parent = request.parent {
      request.body[relations.foreignKey(referencing: parent.resource)] = parentID(parent, in: database)
    }
    switch (database[request.resource], request.id) {
    case (nil, _):
      return .refused(.notFound)
    case (.array(let elements)?, nil):
      guard request.method == .post else { return .refused(.notFound) }
      return create(request.body, in: elements, resource: request.resource, database: &database)
    case (.array(var elements)?, let id?):
      guard let index = ItemID.index(of: id, in: elements, field: idField),
        case .object(var item) = elements[index]
      else { return .refused(.notFound) }
      let itemID = item[idField]
      if request.method != .post, let refusal = IfMatch.refusal(request.ifMatch, current: .object(item)) {
        return .refused(refusal)
      }
      switch request.method {
      case .post:
        return .refused(.notFound)
      case .delete:
        elements.remove(at: index)
        database.root[request.resource] = .array(elements)
        relations.removeDanglingReferences(from: &database)
        return .changed(FixtureReply(payload: .object(JSONObject())))
      case .put:
        item = request.body
      case .patch:
        for member in request.body.members { item[member.key] = member.value }
      }
      item[idField] = itemID
      elements[index] = .object(item)
      database.root[request.resource] = .array(elements)
      return .changed(FixtureReply(payload: .object(item)))
    case (let value?, nil):
      let replacement: JSONValue
      if request.method != .delete, let refusal = IfMatch.refusal(request.ifMatch, current: value) {
        return .refused(refusal)
      }
      switch (request.method, value) {
      case (.delete, _):
        return .refused(.notFound)
      case (.patch, .object(var object)):
        for member in request.body.members { object[member.key] = member.value }
        replacement = .object(object)
      case (.post, _), (.put, _), (.patch, _):
        replacement = .object(request.body)
      }
      database.root[request.resource] = replacement
      return .changed(FixtureReply(status: request.method == .post ? .created : .ok, payload: replacement))
    case (_?, _?):
      return .refused(.notFound)
    }
  }

  /// The foreign key value of a nested `POST`'s new item: the parent item's own id when the parent exists (so `1`
  /// for item `1`, and a string id stays a string), otherwise the path's id, as a number when it is written as an
  /// integer (`1`, not `01` or `1.0`). json-server 0.17.4 stores the path's text (`"1"`), which its `_embed` then
  /// does not find (`"1"` is not `1` to lodash's `_.filter`).
  func parentID(_ parent: WriteRequest.Parent, in database: FixtureDatabase) -> JSONValue {
    if case .array(let elements)? = database[parent.resource],
      let index = ItemID.index(of: parent.id, in: elements, field: idField),
      let id = elements[index][idField]
    {
      return id
    }
    if let number = Int(parent.id), String(number) == parent.id { return .integer(number) }
    return .string(parent.id)
  }

  private func create(
    _ body: JSONObject, in elements: [JSONValue], resource: String, database: inout FixtureDatabase
  ) -> WriteOutcome {
    var item = body
    // lodash-id's insert: `doc.id = doc.id || createId(coll)`, so 0, "", false and null ids are replaced too.
    if !(item[idField].map(JavaScriptSemantics.isTruthy) ?? false) {
      item[idField] = ItemID.next(after: elements, field: idField, random: randomID)
    }
    let id = item[idField]?.javaScriptText ?? ""
    guard ItemID.index(of: id, in: elements, field: idField) == nil else {
      return .refused(.error(.conflict, Self.duplicateIDMessage))
    }
    database.root[resource] = .array(elements + [.object(item)])
    return .changed(FixtureReply(status: .created, payload: .object(item)), createdID: id)
  }
}
