import FixtureData
import Foundation
import HTTPTypes
import Hummingbird

/// The json-server compatible data endpoints: `GET /name` (list with query, or singular object),
/// `GET /name/:id`, and `GET /db` (the whole database, unless a resource is called `db`). Each request reads the
/// newest data in the store; writes are ``FixtureWriteRoutes``, nested paths ``NestedRoutes``. `_embed` and
/// `_expand` apply ``Relations`` to a list's page and to one item. List queries run through the
/// ``PatternQueryRunner``: a query with `FIELD_like` patterns that runs out of time, or has an invalid pattern, is
/// `400` with `{"error": …}`; one refused because too many are waiting is `503` with `Retry-After: 1`.
struct FixtureRoutes: Sendable {
  let store: FixtureStore
  let faults: FaultStore
  let injector: FaultInjector
  let queries: PatternQueryRunner
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
  /// (`/recent_news/%31` is item `1`); a segment that does not decode is taken as it is.
  static func segment(_ parameter: String, of context: FixtureRequestContext) -> String {
    let raw = context.parameters.get(parameter) ?? ""
    return raw.removingPercentEncoding ?? raw
  }

  private func resource(_ request: Request, _ context: FixtureRequestContext) async throws -> Response {
    let name = Self.segment("resource", of: context)
    return try await respond(to: request, resource: name, context: context) {
      let database = store.snapshot
      switch database[name] {
      case .array(let elements)?:
        let parameters = QueryParameter.parse(query: request.uri.query ?? "")
        return await list(elements, of: name, parameters: parameters, database: database, request: request)
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
    try await respond(to: request, resource: name, context: context) {
      let database = store.snapshot
      guard case .array(let elements)? = database[name],
        let index = ItemID.index(of: id, in: elements, field: relations.idField)
      else {
        return .notFound
      }
      let parameters = QueryParameter.parse(query: request.uri.query ?? "")
      return FixtureReply(payload: relations.apply(parameters, to: elements[index], of: name, in: database))
    }
  }

  /// `GET /parent/:parentID/name`: `GET /name` with the query's `<parent singular><suffix>` set to `parentID`
  /// (replacing any the client gave), as json-server's nested router rewrites it. A singular resource answers as
  /// itself; an unknown one `404 {}`.
  func nestedList(
    _ request: Request, _ context: FixtureRequestContext, parent: String, parentID: String, resource name: String
  ) async throws -> Response {
    try await respond(to: request, resource: name, context: context) {
      let database = store.snapshot
      switch database[name] {
      case .array(let elements)?:
        let key = relations.foreignKey(referencing: parent)
        let parameters =
          QueryParameter.parse(query: request.uri.query ?? "").filter { $0.name != key }
          + [QueryParameter(key, parentID)]
        return await list(elements, of: name, parameters: parameters, database: database, request: request)
      case let value?:
        return FixtureReply(payload: value)
      case nil:
        return .notFound
      }
    }
  }

  /// `404 {}` for a path that names nothing, through the faults of `resource`.
  func notFound(_ request: Request, _ context: FixtureRequestContext, resource: String) async throws -> Response {
    try await respond(to: request, resource: resource, context: context) { .notFound }
  }

  private func list(
    _ elements: [JSONValue], of name: String, parameters: [QueryParameter], database: FixtureDatabase,
    request: Request
  ) async -> FixtureReply {
    let result: QueryResult
    do throws(PatternQueryRunner.Refusal) {
      result = try await queries.run(parameters, on: elements)
    } catch .query(let error) {
      return .error(.badRequest, error.description)
    } catch {
      var reply = FixtureReply.error(
        .serviceUnavailable, "too many regular-expression queries are waiting; try again in a moment")
      reply.headers[.retryAfter] = "1"
      return reply
    }
    var items = result.items
    if Relations.isRequested(by: parameters) {
      items = items.map { relations.apply(parameters, to: $0, of: name, in: database) }
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

  private func respond(
    to request: Request, resource: String, context: FixtureRequestContext,
    _ makeReply: () async throws -> FixtureReply
  ) async throws -> Response {
    try await injector.serve(request, resource: resource, plan: faults.current, context: context) {
      try await makeReply()
    }
  }

  static let totalCount = HTTPField.Name("X-Total-Count")!
  static let link = HTTPField.Name("Link")!
}
