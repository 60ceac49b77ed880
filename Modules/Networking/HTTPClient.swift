import Foundation

/// An HTTP client: a `Sendable` value wrapping one async function from ``HTTPRequest`` to ``HTTPResponse``.
///
/// The app creates the live value once (`HTTPClient.curl(_:)` in `NetworkingCurl`) and passes copies
/// around; tests build one from `NetworkingTesting`'s fakes or from any closure. Feature clients call the
/// typed helper ``json(_:_:)``.
///
/// Errors: ``HTTPError`` for every failure, or `CancellationError` when the calling task is cancelled.
public struct HTTPClient: Sendable {
  /// Requests in flight through this client and its copies.
  public let activity: HTTPActivity
  private let perform: @Sendable (HTTPRequest) async throws -> HTTPResponse

  /// Creates a client from a transport that returns a response of any status, throwing ``HTTPError``
  /// or `CancellationError`.
  public init(
    activity: HTTPActivity = HTTPActivity(),
    perform: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) {
    self.activity = activity
    self.perform = perform
  }

  /// Sends `request` and returns the response whatever its status.
  ///
  /// - Throws: ``HTTPError`` for transport failures, `CancellationError` if the task is cancelled.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    activity.begin()
    defer { activity.end() }
    return try await perform(request)
  }

  /// Sends `request` and returns the response if its status is in 200–299.
  ///
  /// - Throws: ``HTTPError`` (statuses map to ``HTTPError/notFound(_:)`` and the like; a write's 4xx or 5xx whose
  ///   answer gives a reason, to ``HTTPError/refused(status:url:reason:)``), or `CancellationError`.
  public func data(_ request: HTTPRequest) async throws -> HTTPResponse {
    let response = try await send(request)
    // A write the server refused or failed says why when its answer does (a 422's body, a full disk's 5xx).
    if request.method != .get, request.method != .head, (400..<600).contains(response.status),
      let reason = response.serverReason
    {
      throw HTTPError.refused(status: response.status, url: response.url, reason: reason)
    }
    return try response.validated()
  }

  /// Sends `request` (adding `Accept: application/json` unless set) and decodes a 2xx body as JSON
  /// with snake_case keys.
  ///
  /// - Throws: ``HTTPError`` (status, transport, or ``HTTPError/decodingFailed(_:keyPath:reason:snippet:)``),
  ///   or `CancellationError`.
  public func json<T: Decodable>(_ type: T.Type = T.self, _ request: HTTPRequest) async throws -> T {
    var request = request
    if request.headers["Accept"] == nil { request.headers["Accept"] = "application/json" }
    return try await data(request).decode(type)
  }

  /// `GET url` with `query`, decoded as with ``json(_:_:)``.
  public func json<T: Decodable>(
    _ type: T.Type = T.self, from url: URL, query: [URLQueryItem] = []
  ) async throws
    -> T
  {
    try await json(type, .get(url, query: query))
  }
}
