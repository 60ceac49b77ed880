import Foundation
import Networking

/// One scripted outcome of a ``FakeHTTPClient`` stub: a response of any status, or a thrown error.
public enum FakeResponse: Sendable {
  /// A response with this status, headers and body.
  case response(status: Int, headers: HTTPHeaders, body: Data)
  /// The request fails with this error (``Networking/HTTPError`` or any other).
  case failure(any Error & Sendable)

  /// A response whose body is `json` as UTF-8, with `Content-Type: application/json`.
  public static func json(_ json: String, status: Int = 200, headers: HTTPHeaders = [:]) -> FakeResponse {
    var headers = headers
    if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
    return .response(status: status, headers: headers, body: Data(json.utf8))
  }

  /// A response whose body is `value` encoded with snake_case keys (as the live API sends).
  public static func json(encoding value: some Encodable, status: Int = 200) throws -> FakeResponse {
    .response(
      status: status,
      headers: ["Content-Type": "application/json"],
      body: try JSONCoding.encoder().encode(value)
    )
  }

  /// An empty response with this status, for example `.status(500)`.
  public static func status(_ status: Int) -> FakeResponse {
    .response(status: status, headers: [:], body: Data())
  }
}
