import FixtureServer
import Foundation
import Testing

@Suite("FaultControlRoutes and the X-Kumiki-Fault header: switching faults at run time")
struct FaultControlRoutesTests {
  private static let refusal =
    "fault injection over HTTP is off: start kumiki-api with --allow-faults (Configuration.allowsFaultControl)"

  @Test("without allowsFaultControl (the default) the header and every /__faults call are refused with 403")
  func offByDefault() async throws {
    try await withFixtureServer(FixtureServer.Configuration(faults: FaultPlan(global: [.latency(milliseconds: 1)]))) {
      server async throws in
      let before = server.database
      for (method, path, body) in [
        ("GET", "/__faults", nil), ("PUT", "/__faults", #"{"global": ["status=500"]}"#), ("DELETE", "/__faults", nil),
        ("PUT", "/__faults/posts", "status=503"), ("DELETE", "/__faults/*", nil), ("POST", "/__faults", "{}"),
      ] {
        let reply = try await HTTPClient.send(method, path, on: server, body: body)
        #expect(reply.status == 403, "\(method) \(path)")
        #expect(try reply.object()["error"] as? String == Self.refusal, "\(method) \(path)")
      }
      #expect(server.faults == FaultPlan(global: [.latency(milliseconds: 1)]))
      for header in ["huge-body=1073741824", "huge-body=1000", "status=503", "none", "nonsense"] {
        let reply = try await HTTPClient.get("/posts", on: server, headers: ["X-Kumiki-Fault": header])
        #expect(reply.status == 403, "\(header)")
        #expect(reply.body.count < 1000)
        #expect(try reply.object()["error"] as? String == Self.refusal)
      }
      // A refused write does not happen.
      let write = try await HTTPClient.send(
        "POST", "/posts", on: server, headers: ["X-Kumiki-Fault": "none"], body: #"{"title": "x"}"#)
      #expect(write.status == 403)
      #expect(server.database == before)
      // The plan given at start and the in-process calls still work; an empty header is no header.
      #expect(try await HTTPClient.get("/posts", on: server, headers: ["X-Kumiki-Fault": " "]).status == 200)
      server.setFaults([.status(502)], for: .endpoint("posts"))
      #expect(try await HTTPClient.get("/posts", on: server).status == 502)
    }
  }

  @Test("GET /__faults shows the plan given at start")
  func show() async throws {
    try await withFixtureServer(
      FixtureServer.Configuration(
        faults: FaultPlan(endpoints: ["posts": [.status(502)]]), allowsFaultControl: true)
    ) { server async throws in
      let plan = try await HTTPClient.get("/__faults", on: server).object()
      #expect(plan["global"] as? [String] == [])
      #expect((plan["endpoints"] as? [String: [String]]) == ["posts": ["status=502"]])
    }
  }

  @Test("PUT /__faults/{scope} with text or a JSON array switches one scope; DELETE clears it")
  func perScope() async throws {
    try await withFixtureServer(FixtureServer.Configuration(allowsFaultControl: true)) { server async throws in
      let set = try await HTTPClient.send("PUT", "/__faults/posts", on: server, body: "status=503, latency=1")
      #expect(set.status == 200)
      #expect(server.faults[.endpoint("posts")] == [.status(503), .latency(milliseconds: 1)])
      #expect(try await HTTPClient.get("/posts", on: server).status == 503)
      #expect(try await HTTPClient.get("/posts/1", on: server).status == 503)
      #expect(try await HTTPClient.get("/photos", on: server).status == 200)

      _ = try await HTTPClient.send("PUT", "/__faults/*", on: server, body: #"["status=429"]"#)
      #expect(server.faults.global == [.status(429)])
      #expect(try await HTTPClient.get("/photos", on: server).status == 429)

      _ = try await HTTPClient.send("DELETE", "/__faults/posts", on: server)
      #expect(server.faults == FaultPlan(global: [.status(429)]))
      #expect(try await HTTPClient.get("/posts", on: server).status == 429)
    }
  }

  @Test("PUT /__faults replaces the whole plan; DELETE /__faults clears everything")
  func wholePlan() async throws {
    try await withFixtureServer(FixtureServer.Configuration(allowsFaultControl: true)) { server async throws in
      let body = #"{"global": ["latency=1"], "endpoints": {"articles": ["status=500"]}}"#
      let reply = try await HTTPClient.send("PUT", "/__faults", on: server, body: body)
      #expect(reply.status == 200)
      #expect(
        server.faults == FaultPlan(global: [.latency(milliseconds: 1)], endpoints: ["articles": [.status(500)]]))
      #expect(try await HTTPClient.get("/articles", on: server).status == 500)
      _ = try await HTTPClient.send("DELETE", "/__faults", on: server)
      #expect(server.faults.isEmpty)
      #expect(try await HTTPClient.get("/articles", on: server).status == 200)
    }
  }

  @Test("the control endpoint is never faulted itself")
  func controlUnaffected() async throws {
    try await withFixtureServer(
      FixtureServer.Configuration(faults: FaultPlan(global: [.connectionReset]), allowsFaultControl: true)
    ) {
      server async throws in
      #expect(try await HTTPClient.get("/__faults", on: server).status == 200)
    }
  }

  @Test("bad control input is 400 with an explanation and leaves the plan alone")
  func badInput() async throws {
    try await withFixtureServer(FixtureServer.Configuration(allowsFaultControl: true)) { server async throws in
      let unknown = try await HTTPClient.send("PUT", "/__faults/posts", on: server, body: "explode")
      #expect(unknown.status == 400)
      #expect((try unknown.object()["error"] as? String)?.contains("explode") == true)
      let malformed = try await HTTPClient.send("PUT", "/__faults", on: server, body: "{")
      #expect(malformed.status == 400)
      #expect(server.faults.isEmpty)
    }
  }

  @Test("X-Kumiki-Fault applies to one request only and wins over the plan; 'none' bypasses the plan")
  func header() async throws {
    try await withFixtureServer(
      FixtureServer.Configuration(faults: FaultPlan(global: [.status(500)]), allowsFaultControl: true)
    ) {
      server async throws in
      let faulted = try await HTTPClient.get("/posts", on: server, headers: ["X-Kumiki-Fault": "status=418"])
      #expect(faulted.status == 418)
      #expect(try await HTTPClient.get("/posts", on: server).status == 500)
      let clean = try await HTTPClient.get("/posts", on: server, headers: ["X-Kumiki-Fault": "none"])
      #expect(clean.status == 200)
      let bad = try await HTTPClient.get("/posts", on: server, headers: ["X-Kumiki-Fault": "boom"])
      #expect(bad.status == 400)
    }
  }
}
