import Foundation

/// Everything needed to send one HTTP request: method, URL, query items, headers, body and timeout.
///
/// A plain value: build it, copy it, compare it in tests. Query items are appended to any query `url`
/// already has (see ``resolvedURL``).
public struct HTTPRequest: Sendable, Hashable {
  /// The request method.
  public var method: HTTPMethod
  /// The target URL, without or with a query of its own.
  public var url: URL
  /// Query items appended to `url`'s query, in order. Values are percent-encoded, `+` included.
  public var queryItems: [URLQueryItem]
  /// Request headers. The live client adds `User-Agent` and `Accept-Encoding` unless set here.
  public var headers: HTTPHeaders
  /// The request body, or `nil` for none.
  public var body: Data?
  /// The total time allowed for this request (connect, send, wait, receive), or `nil` for the client's default.
  public var timeout: Duration?

  /// Creates a request.
  public init(
    method: HTTPMethod = .get,
    url: URL,
    queryItems: [URLQueryItem] = [],
    headers: HTTPHeaders = [:],
    body: Data? = nil,
    timeout: Duration? = nil
  ) {
    self.method = method
    self.url = url
    self.queryItems = queryItems
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  /// A `GET` request.
  public static func get(
    _ url: URL,
    query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:],
    timeout: Duration? = nil
  ) -> HTTPRequest {
    HTTPRequest(method: .get, url: url, queryItems: query, headers: headers, timeout: timeout)
  }

  /// A request whose body is `value` encoded as JSON with snake_case keys, with `Content-Type: application/json`.
  ///
  /// - Throws: `EncodingError` if `value` cannot be encoded.
  public static func json(
    _ method: HTTPMethod = .post,
    _ url: URL,
    body value: some Encodable,
    query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:],
    timeout: Duration? = nil
  ) throws -> HTTPRequest {
    var headers = headers
    if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
    let body = try JSONCoding.encoder().encode(value)
    return HTTPRequest(method: method, url: url, queryItems: query, headers: headers, body: body, timeout: timeout)
  }

  /// `url` with ``queryItems`` appended to its query, or `nil` if the two cannot be combined into a URL.
  ///
  /// `+` is percent-encoded too, since servers commonly read a literal `+` in a query as a space.
  public var resolvedURL: URL? {
    guard !queryItems.isEmpty else { return url }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
    var encoded = components.percentEncodedQueryItems ?? []
    for item in queryItems {
      encoded.append(
        URLQueryItem(
          name: Self.percentEncode(item.name),
          value: item.value.map(Self.percentEncode)
        )
      )
    }
    components.percentEncodedQueryItems = encoded
    return components.url
  }

  private static let queryAllowed: CharacterSet = {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "+&=#")
    return allowed
  }()

  private static func percentEncode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
  }
}
