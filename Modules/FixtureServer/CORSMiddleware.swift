import HTTPTypes
import Hummingbird

/// CORS as json-server 0.17 answers it: the `cors` package with `{origin: true, credentials: true}`, in front of
/// every route.
///
/// - Every response reflects the request's `Origin` in `Access-Control-Allow-Origin` (none without an `Origin`),
///   and carries `Vary: Origin` and `Access-Control-Allow-Credentials: true`.
/// - `OPTIONS` on any path is a preflight, answered at once with `204`, those headers,
///   `Access-Control-Allow-Methods: GET,HEAD,PUT,PATCH,POST,DELETE` and `Access-Control-Allow-Headers` echoing
///   `Access-Control-Request-Headers` (with `Vary: Origin, Access-Control-Request-Headers`). It goes through no
///   fault and no delay, as json-server's `cors` answers before its `--delay`.
struct CORSMiddleware: RouterMiddleware {
  typealias Context = FixtureRequestContext

  /// The methods a preflight allows, the `cors` package's default.
  static let allowedMethods = "GET,HEAD,PUT,PATCH,POST,DELETE"

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let origin = request.headers[.origin]
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
    if let origin, !origin.isEmpty { headers[.accessControlAllowOrigin] = origin }
    headers[.accessControlAllowCredentials] = "true"
  }
}
