import FixtureServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One test per fault mode, each showing that a plain client sees exactly that fault.
@Suite("FaultInjector: what clients see for each fault")
struct FaultInjectorTests {
  /// The normal body of `/recent_news/3`, fetched without faults.
  private func normalBody(_ server: FixtureServer) async throws -> [UInt8] {
    let reply = try await RawHTTPConnection.get("/recent_news/3", port: server.port)
    return reply.body
  }

  @Test("latency delays the response by at least the given time, which is otherwise unchanged")
  func latency() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.latency(milliseconds: 300)], for: .endpoint("recent_news"))
      let start = ContinuousClock.now
      let reply = try await HTTPClient.get("/recent_news", on: server)
      #expect(ContinuousClock.now - start >= .milliseconds(300))
      #expect(reply.status == 200)
      #expect(try reply.objects().count == 12)
    }
  }

  @Test("status answers with that status and a JSON error body")
  func status() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.status(503)])
      let reply = try await HTTPClient.get("/recent_news", on: server)
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
      let reply = try await HTTPClient.get("/recent_news/3", on: server)
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
      server.setFaults([.truncatedBody], for: .endpoint("recent_news"))
      let exchange = try await RawHTTPConnection.get("/recent_news/3", port: server.port)
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
      await #expect(throws: (any Error).self) { try await HTTPClient.get("/recent_news", on: server) }
    }
  }

  @Test("wrong field types keep the shape but not the types")
  func wrongFieldTypes() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.wrongFieldTypes])
      let reply = try await HTTPClient.get("/recent_news", on: server)
      #expect(reply.status == 200)
      let items = try reply.objects()
      #expect(items.count == 12)
      #expect(items.allSatisfy { $0["id"] is String && $0["title"] is Int })
    }
  }

  @Test("huge body is valid JSON of at least the requested size")
  func hugeBody() async throws {
    try await withFixtureServer { server async throws in
      server.setFaults([.hugeBody(bytes: 3_000_000)], for: .endpoint("achive_images"))
      let reply = try await HTTPClient.get("/achive_images", on: server)
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
      server.setFaults([.connectionReset], for: .endpoint("recent_news"))
      let exchange = try await RawHTTPConnection.get("/recent_news", port: server.port)
      #expect(exchange.received.isEmpty)
      #expect(exchange.failure == ECONNRESET)
    }
  }

  @Test("an endpoint fault overrides a global one; other endpoints keep the global one")
  func precedence() async throws {
    try await withFixtureServer(
      FixtureServer.Configuration(faults: FaultPlan(global: [.status(500)], endpoints: ["recent_news": [.status(404)]]))
    ) { server async throws in
      #expect(try await HTTPClient.get("/recent_news", on: server).status == 404)
      #expect(try await HTTPClient.get("/trend_articles", on: server).status == 500)
    }
  }
}
