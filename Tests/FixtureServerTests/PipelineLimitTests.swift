import FixtureData
import FixtureServer
import Foundation
import Testing

/// One connection may send at most 16 requests ahead of their answers; the server answers those, then ends the
/// connection, and never computes the rest.
@Suite("FixtureServer: pipelining is bounded")
struct PipelineLimitTests {
  @Test("40 requests sent at once on one connection: the first 16 are answered, then the server ends it in order")
  func bounded() async throws {
    let log = LogLines()
    try await withFixtureServer(FixtureServer.Configuration(requestLog: log.log)) { server async throws in
      // The last request asks for the connection to close: without a bound all 40 are answered, then it closes.
      let requests =
        String(repeating: "GET /profile HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", count: 39)
        + "GET /profile HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
      let exchange = try await RawHTTPConnection.transmit(Array(requests.utf8), port: server.port)
      #expect(exchange.failure == nil, "the connection ended with errno \(exchange.failure ?? 0), not in order")
      let text = String(decoding: exchange.received, as: UTF8.self)
      #expect(text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 == 16)
      #expect(log.all.filter { $0.hasPrefix("GET /profile → 200") }.count == 16)
      // The connection's end frees its place: a new one is served.
      #expect(try await RawHTTPConnection.get("/profile", port: server.port).status == 200)
    }
  }
}
