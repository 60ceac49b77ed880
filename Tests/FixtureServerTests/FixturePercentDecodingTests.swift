import FixtureServer
import Foundation
import Testing

/// Path segments are percent-decoded before they name a resource or an id, as Express decodes route parameters.
@Suite("FixtureServer: percent-encoded paths")
struct FixturePercentDecodingTests {
  @Test("an encoded id or resource name reads the same item as the plain one")
  func encodedRead() async throws {
    try await withFixtureServer { server async throws in
      let plain = try await HTTPClient.get("/posts/1", on: server)
      #expect(plain.status == 200)
      for path in ["/posts/%31", "/p%6Fsts/1", "/p%6fsts/%31"] {
        let reply = try await HTTPClient.get(path, on: server)
        #expect(reply.status == 200, "\(path)")
        #expect(reply.body == plain.body, "\(path)")
      }
      let list = try await HTTPClient.get("/p%6Fsts", on: server)
      #expect(list.status == 200)
      #expect(list.body == (try await HTTPClient.get("/posts", on: server)).body)
    }
  }

  @Test("an encoded id is decoded for writes too, and a string id may contain encoded reserved characters")
  func encodedWrite() async throws {
    try await withFixtureServer { server async throws in
      let patched = try await HTTPClient.send("PATCH", "/posts/%31", on: server, body: #"{"title": "符号化"}"#)
      #expect(patched.status == 200)
      #expect(try patched.object()["id"] as? Int == 1)
      let created = try await HTTPClient.send(
        "POST", "/posts", on: server, body: #"{"id": "a/b c", "title": "slash"}"#)
      #expect(created.status == 201)
      let fetched = try await HTTPClient.get("/posts/a%2Fb%20c", on: server)
      #expect(fetched.status == 200)
      #expect(try fetched.object()["title"] as? String == "slash")
      let deleted = try await HTTPClient.send("DELETE", "/posts/a%2Fb%20c", on: server)
      #expect(deleted.status == 200)
      #expect(try await HTTPClient.get("/posts/a%2Fb%20c", on: server).status == 404)
    }
  }
}
