import Foundation

/// A complete HTTP response: status, headers and body, for the URL that was requested.
///
/// Any status is a response; ``validated()`` turns statuses outside 200–299 into ``HTTPError``.
public struct HTTPResponse: Sendable, Hashable {
  /// The status code, for example 200.
  public var status: Int
  /// The response headers of the final response (after redirects).
  public var headers: HTTPHeaders
  /// The body, decompressed.
  public var body: Data
  /// The URL that was requested, query included.
  public var url: URL

  /// Creates a response.
  public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
  }

  /// Whether the status is in 200–299.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// This response if its status is in 200–299.
  ///
  /// - Throws: ``HTTPError`` for the status (``HTTPError/notFound(_:)``, ``HTTPError/serverError(status:url:)``…).
  public func validated() throws(HTTPError) -> HTTPResponse {
    if let error = HTTPError(status: status, url: url) { throw error }
    return self
  }

  /// The body decoded as JSON with snake_case keys (see ``JSONCoding``).
  ///
  /// - Throws: ``HTTPError/decodingFailed(_:keyPath:reason:snippet:)`` with the key path and the start of the body.
  public func decode<T: Decodable>(
    _ type: T.Type = T.self, decoder: JSONDecoder = JSONCoding.decoder()
  )
    throws(HTTPError) -> T
  {
    do {
      return try decoder.decode(type, from: body)
    } catch {
      throw HTTPError.decoding(error, body: body, url: url)
    }
  }
}
