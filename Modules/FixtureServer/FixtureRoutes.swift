import FixtureData
import Foundation
import HTTPTypes
import Hummingbird

/// The json-server compatible data endpoints: `GET /name` (list with query, or singular object),
/// `GET /name/:id`, and `GET /db` (the whole database, unless a resource is called `db`). Each request reads the
/// newest data in the store; writes are ``FixtureWriteRoutes``, nested paths ``NestedRoutes``. `_embed` and
/// `_expand` apply ``Relations`` to a list's page and to one item. A list query with `FIELD_like` patterns that runs
/// out of time, or has an invalid pattern, is `400` with `{"error": …}`. Such queries, and reads that go over many
/// items, run on the ``HeavyWorkRunner``'s worker threads; one refused because too many are waiting is `503` with
/// `Retry-After: 1`.
struct FixtureRoutes: Sendable {
  let store: FixtureStore
  let faults: FaultStore
  let injector: FaultInjector
  /// The engine list queries run on.
  let engine: QueryEngine
  /// Where long reads run.
  let heavyWork: HeavyWorkRunner
  /// The id field and foreign keys, for `_embed`, `_expand` and item lookups.
  let relations: Relations
  /// `host:port` used in `Link` URLs when a request has no `Host` header.
  let fallbackHost: String

  func register(on router: Router<FixtureRequestContext>) {
    router.get(":resource") { request, context in
      try await self.resource(request, context)
    }
    router.get(":resource/:id") { request, context in
      try await self.item(
        request, context, resource: Self.segment("resource", of: context), id: Self.segment("id", of: context))
    }
  }

  /// The path segment captured as `parameter`, percent-decoded as Express decodes route parameters
  /// (`/posts/%31` is item `1`); a segment that does not decode is taken as it is.
  static func segment(_ parameter: String, of context: FixtureRequestContext) -> String {
    let raw = context.parameters.get(parameter) ?? ""
    return raw.removingPercentEncoding ?? raw
  }

  private func resource(_ request: Request, _ context: FixtureRequestContext) async throws -> Response {
    let name = Self.segment("resource", of: context)
    let parameters = QueryParameter.parse(query: request.uri.query ?? "")
    let heavy = isHeavy(name, parameters: parameters, in: store.snapshot)
    return try await respond(to: request, resource: name, context: context, heavy: heavy) {
      let database = store.snapshot
      switch database[name] {
      case .array(let elements)?:
        return list(elements, of: name, parameters: parameters, database: database, request: request)
      case let value?:
        return FixtureReply(payload: value)
      case nil where name == "db":
        return FixtureReply(payload: .object(database.root))
      case nil:
        return .notFound
      }
    }
  }

  /// `GET /name/:id` (also `GET /parent/:parentID/name/:id`): the item, with `_embed` and `_expand` applied.
  func item(
    _ request: Request, _ context: FixtureRequestContext, resource name: String, id: String
  ) async throws -> Response {
    let parameters = QueryParameter.parse(query: request.uri.query ?? "")
    let heavy = isHeavy(name, parameters: parameters, in: store.snapshot)
    return try await respond(to: request, resource: name, context: context, heavy: heavy) {
      let database = store.snapshot
      guard case .array(let elements)? = database[name],
        let index = ItemID.index(of: id, in: elements, field: relations.idField)
      else {
        return .notFound
      }
      return FixtureReply(payload: relations.apply(parameters, to: elements[index], of: name, in: database))
    }
  }

  /// `GET /parent/:parentID/name`: `GET /name` with the query's `<parent singular><suffix>` set to `parentID`
  /// (replacing any the client gave), as json-server's nested router rewrites it. A singular resource answers as
  /// itself; an unknown one `404 {}`.
  func nestedList(
    _ request: Request, _ context: FixtureRequestContext, parent: String, parentID: String, resource name: String
  ) async throws -> Response {
    let key = relations.foreignKey(referencing: parent)
    let parameters =
      QueryParameter.parse(query: request.uri.query ?? "").filter { $0.name != key } + [QueryParameter(key, parentID)]
    let heavy = isHeavy(name, parameters: parameters, in: store.snapshot)
    return try await respond(to: request, resource: name, context: context, heavy: heavy) {
      let database = store.snapshot
      switch database[name] {
      case .array(let elements)?:
        return list(elements, of: name, parameters: parameters, database: database, request: request)
      case let value?:
        return FixtureReply(payload: value)
      case nil:
        return .notFound
      }
    }
  }

  /// `404 {}` for a path that names nothing, through the faults of `resource`.
  func notFound(_ request: Request, _ context: FixtureRequestContext, resource: String) async throws -> Response {
    try await respond(to: request, resource: resource, context: context, heavy: false) { .notFound }
  }

  private func list(
    _ elements: [JSONValue], of name: String, parameters: [QueryParameter], database: FixtureDatabase,
    request: Request
  ) -> FixtureReply {
    let result: QueryResult
    do throws(QueryError) {
      result = try engine.run(parameters, on: elements)
    } catch {
      return .error(.badRequest, error.description)
    }
    var items = result.items
    if Relations.isRequested(by: parameters) {
      items = relations.apply(parameters, to: items, of: name, in: database)
    }
    var reply = FixtureReply(payload: .array(items))
    var exposed: [String] = []
    if let total = result.totalCount {
      reply.headers[Self.totalCount] = String(total)
      exposed.append("X-Total-Count")
    }
    if let links = result.pageLinks {
      let host = request.head.authority ?? fallbackHost
      let target = request.head.path ?? request.uri.description
      if let header = links.linkHeader(requestURL: "http://\(host)\(target)") {
        reply.headers[Self.link] = header
      }
      exposed.append("Link")
    }
    if !exposed.isEmpty {
      reply.headers[.accessControlExposeHeaders] = exposed.joined(separator: ", ")
    }
    return reply
  }

  /// Whether a read of `name` with `parameters` runs on the ``HeavyWorkRunner``: one with `FIELD_like` patterns,
  /// or one that goes over more than ``HeavyWorkRunner/heavyItemCount`` items (the list's, those of the collections
  /// its `_embed` and `_expand` name, every list's for `/db` or a singular resource's members).
  func isHeavy(_ name: String, parameters: [QueryParameter], in database: FixtureDatabase) -> Bool {
    if QueryEngine.hasPatterns(parameters) { return true }
    func size(_ value: JSONValue?) -> Int {
      switch value {
      case .array(let elements)?: elements.count
      case .object(let object)?: object.members.count
      default: 0
      }
    }
    guard let value = database[name] else {
      return name == "db" && database.root.members.reduce(0) { $0 + size($1.value) } > HeavyWorkRunner.heavyItemCount
    }
    let root = JSONValue.object(database.root)
    var items = size(value)
    for child in Relations.values(of: "_embed", in: parameters) { items += size(root.value(atPath: child)) }
    for parent in Relations.values(of: "_expand", in: parameters) {
      items += size(root.value(atPath: Inflection.plural(of: parent)))
    }
    return items > HeavyWorkRunner.heavyItemCount
  }

  /// Answers through the faults of `resource`; a `heavy` read waits for a turn on the ``HeavyWorkRunner`` (after
  /// any delay) and is made and written out there (`503` when too many wait).
  private func respond(
    to request: Request, resource: String, context: FixtureRequestContext, heavy: Bool,
    _ makeReply: () async throws -> FixtureReply
  ) async throws -> Response {
    do {
      return try await injector.serve(
        request, resource: resource, plan: faults.current, context: context, on: heavy ? heavyWork : nil
      ) {
        try await makeReply()
      }
    } catch HeavyWorkRunner.Refusal.busy {
      return try await FaultInjector(delay: .zero).respond(faults: [], context: context) {
        var reply = FixtureReply.error(.serviceUnavailable, Self.busyMessage)
        reply.headers[.retryAfter] = "1"
        return reply
      }
    }
  }

  /// The message of the `503` answer to a long read refused because too many are waiting.
  static let busyMessage = "too many long queries are waiting; try again in a moment"

  static let totalCount = HTTPField.Name("X-Total-Count")!
  static let link = HTTPField.Name("Link")!
}
