import FixtureServer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A response as a plain client sees it.
struct HTTPReply: Sendable {
  var status: Int
  var headers: [String: String]
  var body: Data

  /// The header named `name`, case-insensitively.
  func header(_ name: String) -> String? {
    headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// The body parsed with Foundation's `JSONSerialization` (independent of the server's own JSON code).
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
  }

  /// The body as a JSON array of objects.
  func objects() throws -> [[String: Any]] {
    guard let objects = try json() as? [[String: Any]] else { throw HTTPClientError.unexpectedShape }
    return objects
  }

  /// The body as a JSON object.
  func object() throws -> [String: Any] {
    guard let object = try json() as? [String: Any] else { throw HTTPClientError.unexpectedShape }
    return object
  }
}

enum HTTPClientError: Error {
  case unexpectedShape
  case notHTTP
}

/// Requests through FoundationNetworking's URLSession, a client that does not come from this repository.
/// Requests are never cancelled (swift-corelibs-foundation#5412).
enum HTTPClient {
  private static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }()

  /// Sends a request to `path` (which may carry a query) relative to the server's base URL; a body is sent with
  /// `Content-Type: application/json` unless `headers` give one.
  static func send(
    _ method: String = "GET", _ path: String, on server: FixtureServer, headers: [String: String] = [:],
    body: String? = nil
  ) async throws -> HTTPReply {
    let url = URL(string: server.baseURL.absoluteString + path)!
    var request = URLRequest(url: url)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if let body {
      request.httpBody = Data(body.utf8)
      // URLSession would send a form's type, which the server refuses without an allowed Origin (a web page can
      // send a form anywhere): a body goes as JSON unless the test names its type.
      if request.value(forHTTPHeaderField: "Content-Type") == nil {
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      }
    }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw HTTPClientError.notHTTP }
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { fields[name] = value }
    }
    return HTTPReply(status: http.statusCode, headers: fields, body: data)
  }

  /// `GET path`.
  static func get(_ path: String, on server: FixtureServer, headers: [String: String] = [:]) async throws -> HTTPReply {
    try await send("GET", path, on: server, headers: headers)
  }
}
