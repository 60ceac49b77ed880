import FixtureData
import Foundation
import HTTPTypes
import Hummingbird

/// The json-server compatible data endpoints: `GET /name` (list with query, or singular object),
/// `GET /name/:id`, and `GET /db` (the whole database, unless a resource is called `db`). Each request reads the
/// newest data in the store; writes are ``FixtureWriteRoutes``. List queries run through the
/// ``PatternQueryRunner``: a query with `FIELD_like` patterns that runs out of time, or has an invalid pattern, is
/// `400` with `{"error": …}`; one refused because too many are waiting is `503` with `Retry-After: 1`.
struct FixtureRoutes: Sendable {
  let store: FixtureStore
  let faults: FaultStore
  let injector: FaultInjector
  let queries: PatternQueryRunner
  /// `host:port` used in `Link` URLs when a request has no `Host` header.
  let fallbackHost: String

  func register(on router: Router<FixtureRequestContext>) {
    router.get(":resource") { request, context in
      try await self.resource(request, context)
    }
    router.get(":resource/:id") { request, context in
      try await self.item(request, context)
    }
    // A deeper path names nothing: `404 {}` like an unknown id, whatever the method.
    for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
      router.on(":resource/:id/**", method: method) { request, context in
        try await respond(to: request, resource: Self.segment("resource", of: context), context: context) {
          .notFound
        }
      }
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
        return await list(elements, request: request)
      case let value?:
        return FixtureReply(payload: value)
      case nil where name == "db":
        return FixtureReply(payload: .object(database.root))
      case nil:
        return .notFound
      }
    }
  }

  private func item(_ request: Request, _ context: FixtureRequestContext) async throws -> Response {
    let name = Self.segment("resource", of: context)
    let id = Self.segment("id", of: context)
    return try await respond(to: request, resource: name, context: context) {
      guard case .array(let elements)? = store.snapshot[name], let index = ItemID.index(of: id, in: elements) else {
        return .notFound
      }
      return FixtureReply(payload: elements[index])
    }
  }

  private func list(_ elements: [JSONValue], request: Request) async -> FixtureReply {
    let parameters = QueryParameter.parse(query: request.uri.query ?? "")
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
    var reply = FixtureReply(payload: .array(result.items))
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
