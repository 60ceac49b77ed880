import FixtureData
import FixtureServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One test per fault mode, each showing that a plain client sees exactly that fault.
@Suite("FaultInjector: what clients see for each fault")
struct FaultInjectorTests {
  /// The normal body of `/posts/3`, fetched without faults.
  private func normalBody(_ server: FixtureServer) async throws -> [UInt8] {
    let reply = try await RawHTTPConnection.get("/posts/3", port: server.port)
    return reply.body
  }

  @Test("latency delays the response by at least the given time, which is otherwise unchanged")
  func latency() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.latency(milliseconds: 300)], for: .endpoint("posts"))
      let start = ContinuousClock.now
      let reply = try await HTTPClient.get("/posts", on: server)
      #expect(ContinuousClock.now - start >= .milliseconds(300))
      #expect(reply.status == 200)
      #expect(try reply.objects().count == 12)
    }
  }

  @Test("status answers with that status and a JSON error body")
  func status() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.status(503)])
      let reply = try await HTTPClient.get("/posts", on: server)
      #expect(reply.status == 503)
      #expect(try reply.object()["status"] as? Int == 503)
      #expect(try reply.object()["error"] as? String == "injected fault: status=503")
    }
  }

  @Test("malformed JSON is a 200 JSON response that does not parse")
  func malformedJSON() async throws {
    try await withFixtureServer { server async throws in
      let normal = try await normalBody(server)
      server.setFaults([.malformedJSON])
      let reply = try await HTTPClient.get("/posts/3", on: server)
      #expect(reply.status == 200)
      #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
      #expect(throws: (any Error).self) { try reply.json() }
      #expect(Array(reply.body).starts(with: normal.prefix(normal.count / 3)))
    }
  }

  @Test("truncated body promises the full length, sends a prefix of it, then closes")
  func truncatedBody() async throws {
    try await withFixtureServer { server async throws in
      let normal = try await normalBody(server)
      server.setFaults([.truncatedBody], for: .endpoint("posts"))
      let exchange = try await RawHTTPConnection.get("/posts/3", port: server.port)
      #expect(exchange.status == 200)
      #expect(exchange.header("Content-Length") == String(normal.count))
      #expect(exchange.failure == nil)
      #expect(!exchange.body.isEmpty)
      #expect(exchange.body.count < normal.count)
      #expect(normal.starts(with: exchange.body))
    }
  }

  @Test("URLSession reports a truncated body as an error")
  func truncatedBodyURLSession() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.truncatedBody])
      await #expect(throws: (any Error).self) { try await HTTPClient.get("/posts", on: server) }
    }
  }

  @Test("wrong field types keep the shape but not the types")
  func wrongFieldTypes() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.wrongFieldTypes])
      let reply = try await HTTPClient.get("/posts", on: server)
      #expect(reply.status == 200)
      let items = try reply.objects()
      #expect(items.count == 12)
      #expect(items.allSatisfy { $0["id"] is String && $0["title"] is Int })
    }
  }

  @Test("huge body is valid JSON of at least the requested size")
  func hugeBody() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.hugeBody(bytes: 3_000_000)], for: .endpoint("images"))
      let reply = try await HTTPClient.get("/images", on: server)
      #expect(reply.status == 200)
      #expect(reply.body.count >= 3_000_000)
      #expect(reply.header("Content-Length") == String(reply.body.count))
      let items = try reply.objects()
      #expect(Set(items.compactMap { $0["id"] as? Int }).count == items.count)
    }
  }

  @Test("reset drops the connection with a TCP reset and no response bytes")
  func connectionReset() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.connectionReset], for: .endpoint("posts"))
      let exchange = try await RawHTTPConnection.get("/posts", port: server.port)
      #expect(exchange.received.isEmpty)
      #expect(exchange.failure == ECONNRESET)
    }
  }

  @Test("an endpoint fault overrides a global one; other endpoints keep the global one")
  func precedence() async throws {
    try await withFixtureServer(
      FixtureServer.Configuration(faults: FaultPlan(global: [.status(500)], endpoints: ["posts": [.status(404)]]))
    ) { server async throws in
      #expect(try await HTTPClient.get("/posts", on: server).status == 404)
      #expect(try await HTTPClient.get("/articles", on: server).status == 500)
    }
  }
  // MARK: - Writes

  /// Reads `path` past every fault.
  private func unfaulted(_ path: String, on server: FixtureServer) async throws -> [String: Any] {
    try await HTTPClient.get(path, on: server, headers: ["X-Kumiki-Fault": "none"]).object()
  }

  @Test("a fault on /profile hits PATCH there too: the status answers, and the write never happens")
  func statusFaultOnWrite() async throws {
    try await withFixtureServer(FixtureServer.Configuration(allowsFaultControl: true)) { server async throws in
      server.setFaults([.status(503)], for: .endpoint("profile"))
      let before = server.database
      let reply = try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname": "x"}"#)
      #expect(reply.status == 503)
      #expect(try reply.object()["error"] as? String == "injected fault: status=503")
      #expect(server.database == before)
      #expect(try await unfaulted("/profile", on: server)["nickname"] as? String != "x")
      // Other resources are not affected.
      #expect(try await HTTPClient.send("PATCH", "/posts/1", on: server, body: "{}").status == 200)
    }
  }

  @Test("a global fault and the X-Kumiki-Fault header apply to every write method")
  func faultsOnEveryMethod() async throws {
    try await withFixtureServer(
      FixtureServer.Configuration(faults: FaultPlan(global: [.status(500)]), allowsFaultControl: true)
    ) {
      server async throws in
      let before = server.database
      for (method, path) in [("POST", "/posts"), ("PUT", "/posts/1"), ("DELETE", "/posts/1")] {
        #expect(try await HTTPClient.send(method, path, on: server, body: "{}").status == 500, "\(method)")
        let header = try await HTTPClient.send(
          method, path, on: server, headers: ["X-Kumiki-Fault": "status=418"], body: "{}")
        #expect(header.status == 418, "\(method)")
      }
      #expect(server.database == before)
      let clean = try await HTTPClient.send(
        "DELETE", "/posts/1", on: server, headers: ["X-Kumiki-Fault": "none"])
      #expect(clean.status == 200)
      #expect(try await HTTPClient.get("/posts/1", on: server, headers: ["X-Kumiki-Fault": "none"]).status == 404)
    }
  }

  @Test("a reset fault drops a write's connection, and the write never happens")
  func resetOnWrite() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.connectionReset], for: .endpoint("posts"))
      let before = server.database
      let body = #"{"title": "lost"}"#
      let request =
        [
          "POST /posts HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Connection: close",
          "Content-Type: application/json", "Content-Length: \(body.utf8.count)",
        ].joined(separator: "\r\n") + "\r\n\r\n" + body
      let exchange = try await RawHTTPConnection.transmit(Array(request.utf8), port: server.port)
      #expect(exchange.received.isEmpty)
      #expect(exchange.failure == ECONNRESET)
      #expect(server.database == before)
    }
  }

  @Test("a body-spoiling fault spoils the reply of a write that did happen")
  func malformedReplyToWrite() async throws {
    try await withFixtureServer(FixtureServer.Configuration(allowsFaultControl: true)) { server async throws in
      server.setFaults([.malformedJSON], for: .endpoint("posts"))
      let reply = try await HTTPClient.send("POST", "/posts", on: server, body: #"{"title": "written"}"#)
      #expect(reply.status == 201)
      #expect(throws: (any Error).self) { try reply.json() }
      let titles = try await HTTPClient.get("/posts", on: server, headers: ["X-Kumiki-Fault": "none"]).objects()
        .compactMap { $0["title"] as? String }
      #expect(titles.last == "written")
    }
  }

  @Test("latency holds a write's answer back; the write has happened when it arrives")
  func latencyOnWrite() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.latency(milliseconds: 200)], for: .endpoint("profile"))
      let start = ContinuousClock.now
      let reply = try await HTTPClient.send("PATCH", "/profile", on: server, body: #"{"nickname": "slow"}"#)
      #expect(ContinuousClock.now - start >= .milliseconds(200))
      #expect(reply.status == 200)
      #expect(server.database["profile"]?["nickname"] == .string("slow"))
    }
  }
}
