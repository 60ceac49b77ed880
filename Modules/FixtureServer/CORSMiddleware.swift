import HTTPTypes
import Hummingbird

/// CORS as json-server 0.17 answers it (the `cors` package with `{credentials: true}`), in front of every route, for
/// the origins allowed (the server's own and those of `--cors`) rather than for any origin: ``RequestGuard`` has
/// already refused writes and preflights from any other.
///
/// - A response to an allowed `Origin` reflects it in `Access-Control-Allow-Origin` with
///   `Access-Control-Allow-Credentials: true`; one to another origin, or without an `Origin`, has neither. Every
///   response carries `Vary: Origin`.
/// - `OPTIONS` on any path is a preflight, answered at once with `204`, those headers,
///   `Access-Control-Allow-Methods: GET,HEAD,PUT,PATCH,POST,DELETE` and `Access-Control-Allow-Headers` echoing
///   `Access-Control-Request-Headers` (with `Vary: Origin, Access-Control-Request-Headers`). It goes through no
///   fault and no delay, as json-server's `cors` answers before its `--delay`.
struct CORSMiddleware: RouterMiddleware {
  typealias Context = FixtureRequestContext

  /// The methods a preflight allows, the `cors` package's default.
  static let allowedMethods = "GET,HEAD,PUT,PATCH,POST,DELETE"

  /// The server's address (``FixtureServer/Configuration/host``) and the `--cors` origins, lower case.
  let boundHost: String
  let allowedOrigins: Set<String>
  let configuredPort: Int

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let port = context.channel.localAddress?.port ?? configuredPort
    let origin = request.headers[.origin].flatMap { origin in
      RequestGuard.allows(
        origin: origin, allowed: allowedOrigins, port: port, boundHost: boundHost)
        ? origin : nil
    }
    if request.method == .options {
      var headers = HTTPFields()
      Self.apply(origin: origin, to: &headers)
      headers[.accessControlAllowMethods] = Self.allowedMethods
      headers[.vary] = "Origin, Access-Control-Request-Headers"
      if let requested = request.headers[.accessControlRequestHeaders], !requested.isEmpty {
        headers[.accessControlAllowHeaders] = requested
      }
      return Response(status: .noContent, headers: headers)
    }
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as any HTTPResponseError {
      response = try error.response(from: request, context: context)
    }
    Self.apply(origin: origin, to: &response.headers)
    response.headers[.vary] = "Origin"
    return response
  }

  private static func apply(origin: String?, to headers: inout HTTPFields) {
    guard let origin, !origin.isEmpty else { return }
    headers[.accessControlAllowOrigin] = origin
    headers[.accessControlAllowCredentials] = "true"
  }
}
