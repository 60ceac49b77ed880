import FixtureServer
import Foundation
import Testing

/// `application/x-www-form-urlencoded` bodies, read as json-server's body-parser (`urlencoded({extended: false})`):
/// string values, repeated names as arrays. A form is a body any web page can send anywhere, so it is read only from
/// an allowed origin (here one given with `--cors`); without one it is refused (`RequestGuardTests`).
@Suite("FixtureServer: form bodies")
struct FixtureFormBodyTests {
  private static let page = "http://localhost:5173"
  private let form = ["Content-Type": "application/x-www-form-urlencoded", "Origin": page]

  private func formConfiguration() throws -> FixtureServer.Configuration {
    var configuration = try relationalConfiguration()
    configuration.allowedOrigins = [Self.page]
    return configuration
  }

  @Test("POST, PATCH and PUT read a form: every value a string, + a space, %XX decoded, repeats an array")
  func formWrites() async throws {
    try await withFixtureServer(try formConfiguration()) { server async throws in
      let created = try await HTTPClient.send(
        "POST", "/comments", on: server, headers: form, body: "body=hello+world%21&postId=1&tag=a&tag=b&empty")
      #expect(created.status == 201)
      let comment = try created.object()
      #expect(comment["body"] as? String == "hello world!")
      #expect(comment["postId"] as? String == "1")
      #expect(comment["tag"] as? [String] == ["a", "b"])
      #expect(comment["empty"] as? String == "")
      #expect(comment["id"] as? Int == 4)
      let patched = try await HTTPClient.send(
        "PATCH", "/comments/4", on: server,
        headers: ["Content-Type": "application/x-www-form-urlencoded; charset=UTF-8", "Origin": Self.page],
        body: "body=%E7%B5%84%E6%9C%A8")
      #expect(try patched.object()["body"] as? String == "組木")
      let replaced = try await HTTPClient.send("PUT", "/comments/4", on: server, headers: form, body: "only=1")
      #expect(Array(try replaced.object().keys).sorted() == ["id", "only"])
    }
  }

  @Test("JSON sent with a form's type from an allowed origin is still read as JSON")
  func jsonWithFormType() async throws {
    try await withFixtureServer(try formConfiguration()) { server async throws in
      let created = try await HTTPClient.send("POST", "/comments", on: server, headers: form, body: #" {"n": 1}"#)
      #expect(try created.object()["n"] as? Int == 1)
    }
  }

  @Test("curl -d '{…}' (a form's type, no Origin) is refused with 403 saying to send JSON as JSON; nothing stored")
  func jsonWithFormTypeFromCurl() async throws {
    try await withFixtureServer(try formConfiguration()) { server async throws in
      let refused = try await HTTPClient.send(
        "POST", "/comments", on: server, headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: #"{"n": 1}"#)
      #expect(refused.status == 403)
      #expect((try refused.object()["error"] as? String)?.contains("Content-Type: application/json") == true)
      #expect(try await HTTPClient.get("/comments", on: server).objects().count == 3)
    }
  }

  @Test("a form of more than 1000 fields is 413, as body-parser's parameterLimit; nothing is stored")
  func tooManyFields() async throws {
    try await withFixtureServer(try formConfiguration()) { server async throws in
      let body = (0...1000).map { "f\($0)=1" }.joined(separator: "&")
      let reply = try await HTTPClient.send("POST", "/comments", on: server, headers: form, body: body)
      #expect(reply.status == 413)
      #expect(try reply.object()["error"] as? String == "the form has more than 1000 fields")
      #expect(try await HTTPClient.get("/comments", on: server).objects().count == 3)
    }
  }
}
