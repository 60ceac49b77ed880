import Hummingbird

/// Applies the ``RouteRewriter``'s rules (`--routes`) to every request's target before the router sees it, as
/// json-server's rewriter runs before its router. `GET /__rules` answers the rules (``InfoRoutes``).
struct RouteRewriteResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == FixtureRequestContext {
  typealias Context = FixtureRequestContext

  /// The rules; `nil` passes every request through as it is.
  let rewriter: RouteRewriter?
  let inner: Inner

  func respond(to request: Request, context: Context) async throws -> Response {
    guard let rewriter, let target = request.head.path else {
      return try await inner.respond(to: request, context: context)
    }
    let rewritten = rewriter.rewrite(target)
    guard rewritten != target else { return try await inner.respond(to: request, context: context) }
    var head = request.head
    head.path = rewritten
    return try await inner.respond(to: Request(head: head, body: request.body), context: context)
  }
}
