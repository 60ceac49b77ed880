import FixtureData
import Hummingbird

/// A response before faults are applied: a status, extra headers and a JSON payload.
struct FixtureReply: Sendable {
  var status: HTTPResponse.Status
  var headers: HTTPFields
  var payload: JSONValue

  init(status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], payload: JSONValue) {
    self.status = status
    self.headers = headers
    self.payload = payload
  }

  /// json-server's answer for an unknown resource or id: `404` with `{}`.
  static let notFound = FixtureReply(status: .notFound, payload: .object(JSONObject()))

  /// An error status with `{"error": message}`.
  static func error(_ status: HTTPResponse.Status, _ message: String) -> FixtureReply {
    FixtureReply(status: status, payload: .object(JSONObject([("error", .string(message))])))
  }
}
