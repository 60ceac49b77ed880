import Foundation
import Networking

/// The error thrown by ``Networking/HTTPClient/unimplemented``.
public struct UnimplementedHTTPClientError: Error, Sendable, CustomStringConvertible {
  /// The request that should not have been sent.
  public let request: HTTPRequest

  /// Explains which request reached the unimplemented client.
  public var description: String {
    "HTTPClient.unimplemented received \(request.method) \(request.url.absoluteString)"
  }
}

extension HTTPClient {
  /// A client for tests that must not touch the network: every request throws
  /// ``UnimplementedHTTPClientError``, naming the request.
  public static var unimplemented: HTTPClient {
    HTTPClient { request in throw UnimplementedHTTPClientError(request: request) }
  }

  /// A client whose every request fails with `error`.
  public static func failing(_ error: any Error & Sendable) -> HTTPClient {
    HTTPClient { _ in throw error }
  }

  /// A client whose every request gets `response` (a copy carrying the request's URL).
  public static func responding(_ response: FakeResponse) -> HTTPClient {
    HTTPClient { request in
      switch response {
      case .response(let status, let headers, let body):
        return HTTPResponse(status: status, headers: headers, body: body, url: request.resolvedURL ?? request.url)
      case .failure(let error):
        throw error
      }
    }
  }
}
