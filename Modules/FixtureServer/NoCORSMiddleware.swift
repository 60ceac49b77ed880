import HTTPTypes
import Hummingbird

/// `--no-cors` (``FixtureServer/Configuration/allowsCrossOrigin`` off): no `Access-Control-Allow-*` header on any
/// response (the routes' `Access-Control-Expose-Headers` stays, as in json-server), and `OPTIONS` on any path
/// answered at once with `204` and `Allow: GET,HEAD,PUT,PATCH,POST,DELETE`, the methods the routes take, but no
/// preflight approval; so a browser page on another origin can neither read the API nor write to it.
struct NoCORSMiddleware: RouterMiddleware {
  typealias Context = FixtureRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .options else { return try await next(request, context) }
    return Response(status: .noContent, headers: [.allow: CORSMiddleware.allowedMethods])
  }
}
