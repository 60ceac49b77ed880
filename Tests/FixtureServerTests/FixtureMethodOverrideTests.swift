import FixtureServer
import Foundation
import Testing

/// json-server's `method-override`: a `POST` with `X-HTTP-Method-Override` is answered as the method it names.
@Suite("FixtureServer: X-HTTP-Method-Override")
struct FixtureMethodOverrideTests {
  @Test("POST with the header PATCH, DELETE, GET answers as that method, and Vary names the header")
  func overrides() async throws {
    try await withFixtureServer { server async throws in
      let origin = "http://127.0.0.1:\(server.port)"  // a page the server itself served: its own origin
      let patched = try await HTTPClient.send(
        "POST", "/posts/1", on: server,
        headers: ["X-HTTP-Method-Override": "patch", "Origin": origin], body: #"{"title": "上書き"}"#)
      #expect(patched.status == 200)
      #expect(try patched.object()["title"] as? String == "上書き")
      #expect(patched.header("Vary") == "Origin, X-HTTP-Method-Override")
      #expect(try await HTTPClient.get("/posts/1", on: server).object()["title"] as? String == "上書き")

      let before = try await HTTPClient.get("/posts", on: server).objects().count
      let listed = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["X-HTTP-Method-Override": " GET , PUT"], body: "{}")
      #expect(listed.status == 200)
      #expect(try listed.objects().count == before)

      let deleted = try await HTTPClient.send(
        "POST", "/posts/1", on: server, headers: ["X-HTTP-Method-Override": "DELETE"])
      #expect(deleted.status == 200)
      #expect(try await HTTPClient.get("/posts/1", on: server).status == 404)
      #expect(try await HTTPClient.get("/posts", on: server).objects().count == before - 1)
    }
  }

  @Test("an unknown value leaves a POST a POST, and other methods ignore the header")
  func ignored() async throws {
    try await withFixtureServer { server async throws in
      let created = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["X-HTTP-Method-Override": "FROB"], body: #"{"title": "新"}"#)
      #expect(created.status == 201)
      #expect(created.header("Vary") == "Origin, X-HTTP-Method-Override")

      let put = try await HTTPClient.send(
        "PUT", "/posts/1", on: server, headers: ["X-HTTP-Method-Override": "DELETE"], body: #"{"title": "置換"}"#)
      #expect(put.status == 200)
      #expect(put.header("Vary") == "Origin")
      #expect(try await HTTPClient.get("/posts/1", on: server).object()["title"] as? String == "置換")
    }
  }
}
