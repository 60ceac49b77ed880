import FixtureData
import FixtureServer
import Foundation
import Testing

@Suite("FixtureServer: embedding lifecycle")
struct FixtureServerTests {
  @Test("start binds an ephemeral loopback port and reports its base URL")
  func startReportsBaseURL() async throws {
    try await withFixtureServer { server async throws in
      #expect(server.host == "127.0.0.1")
      #expect(server.port > 0)
      #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
      let reply = try await HTTPClient.get("/posts", on: server)
      #expect(reply.status == 200)
    }
  }

  @Test("many servers start side by side on distinct ports, each serving its own data")
  func manyServers() async throws {
    let servers = try await withThrowingTaskGroup(of: FixtureServer.self) { group in
      for index in 0..<8 {
        group.addTask {
          try await startServer(
            FixtureServer.Configuration(
              database: try FixtureDatabase(json: Array(#"{"n": {"value": \#(index)}}"#.utf8))))
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(servers.map(\.port)).count == servers.count)
    for server in servers {
      let reply = try await HTTPClient.get("/n", on: server)
      #expect(
        try reply.object()["value"] as? Int
          == server.database["n"]?["value"].flatMap {
            if case .integer(let value) = $0 { value } else { nil }
          })
      await server.shutdown()
    }
  }

  @Test("after shutdown the port refuses connections, and shutting down twice is harmless")
  func shutdownStops() async throws {
    let server = try await startServer()
    await server.shutdown()
    await server.shutdown()
    try await server.waitUntilStopped()
    await #expect(throws: (any Error).self) { try await RawHTTPConnection.get("/posts", port: server.port) }
  }

  @Test("a port in use is a clear FixtureServerError, not a crash")
  func portInUse() async throws {
    try await withFixtureServer { first in
      await #expect {
        try await startServer(FixtureServer.Configuration(port: first.port))
      } throws: { error in
        if case .cannotListen(_, let port, _) = error as? FixtureServerError { port == first.port } else { false }
      }
    }
  }

  @Test("an out-of-range port is rejected before binding")
  func invalidPort() async {
    await #expect(throws: FixtureServerError.invalidPort(70000)) {
      try await startServer(FixtureServer.Configuration(port: 70000))
    }
  }

  @Test("faults set in-process are visible and clear again")
  func inProcessFaults() async throws {
    try await withFixtureServer(FixtureServer.Configuration(faults: FaultPlan(global: [.latency(milliseconds: 1)]))) {
      server async throws in
      #expect(server.faults == FaultPlan(global: [.latency(milliseconds: 1)]))
      server.setFaults([.status(500)], for: .endpoint("posts"))
      #expect(server.faults.faults(forResource: "posts") == [.latency(milliseconds: 1), .status(500)])
      #expect(try await HTTPClient.get("/posts", on: server).status == 500)
      #expect(try await HTTPClient.get("/photos", on: server).status == 200)
      server.clearFaults()
      #expect(server.faults.isEmpty)
      #expect(try await HTTPClient.get("/posts", on: server).status == 200)
      server.setFaults(FaultPlan(global: [.status(418)]))
      #expect(try await HTTPClient.get("/photos", on: server).status == 418)
    }
  }

  @Test("a configured delay holds every data response back")
  func delay() async throws {
    try await withFixtureServer(FixtureServer.Configuration(delay: .milliseconds(150))) { server async throws in
      let start = ContinuousClock.now
      _ = try await HTTPClient.get("/posts", on: server)
      #expect(ContinuousClock.now - start >= .milliseconds(150))
    }
  }
}
