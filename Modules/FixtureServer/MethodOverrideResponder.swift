import Foundation
import HTTPTypes
import Hummingbird

/// json-server's `method-override` (its defaults: the `X-HTTP-Method-Override` header, on `POST` only), in front
/// of the router so that the overriding method picks the route.
///
/// A `POST` whose header's first comma-separated value is, case-insensitively, `GET`, `HEAD`, `PUT`, `PATCH` or
/// `DELETE` is answered as that method (a `HEAD` without the body); any other value leaves it a `POST`. Every
/// `POST` answer gets `X-HTTP-Method-Override` added to its `Vary`, as the package adds it.
struct MethodOverrideResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == FixtureRequestContext {
  typealias Context = FixtureRequestContext

  static var headerName: HTTPField.Name { HTTPField.Name("X-HTTP-Method-Override")! }

  /// The methods a `POST` may become: those the fixture routes answer.
  static var overridable: [HTTPRequest.Method] { [.get, .head, .put, .patch, .delete, .post] }

  let inner: Inner

  func respond(to request: Request, context: Context) async throws -> Response {
    guard request.method == .post else { return try await inner.respond(to: request, context: context) }
    var forwarded = request
    if let header = request.headers[Self.headerName],
      let first = header.split(separator: ",", omittingEmptySubsequences: false).first,
      let method = Self.overridable.first(where: {
        $0.rawValue == first.trimmingCharacters(in: .whitespaces).uppercased()
      })
    {
      var head = request.head
      head.method = method
      forwarded = Request(head: head, body: request.body)
    }
    var response = try await inner.respond(to: forwarded, context: context)
    if let vary = response.headers[.vary], !vary.isEmpty {
      response.headers[.vary] = vary + ", X-HTTP-Method-Override"
    } else {
      response.headers[.vary] = "X-HTTP-Method-Override"
    }
    return response
  }
}
