import FixtureServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Connections that hold a server's sockets without finishing a request: before the timeouts, a client that sent
/// half a request kept its connection for good, and enough of them stopped every accept.
@Suite("Connection timeouts: request heads and idle connections")
struct ConnectionTimeoutTests {
  /// Sends `bytes` and reads until the server closes; the time that took, and how the stream ended. The raw client
  /// gives up after 30 s (`EAGAIN`), far beyond every timeout here.
  private func closeAfter(sending bytes: String, port: Int) async throws -> (Duration, RawExchange) {
    let start = ContinuousClock.now
    let exchange = try await RawHTTPConnection.transmit(Array(bytes.utf8), port: port)
    return (ContinuousClock.now - start, exchange)
  }

  @Test("half a request head is closed at the header timeout, without an answer")
  func halfHead() async throws {
    // A fresh connection's whole head must also arrive within the header timeout: 1 s leaves a loaded machine room.
    let configuration = FixtureServer.Configuration(headerTimeout: .seconds(1), idleTimeout: .seconds(20))
    try await withFixtureServer(configuration) { server async throws in
      let (elapsed, exchange) = try await closeAfter(
        sending: "GET /posts HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Slow: 1", port: server.port)
      #expect(exchange.failure == nil || exchange.failure == ECONNRESET, "\(String(describing: exchange.failure))")
      #expect(exchange.received.isEmpty)
      #expect(elapsed >= .milliseconds(900))
      #expect(elapsed < .seconds(10))
      // The server is still there for whole requests.
      #expect(try await HTTPClient.get("/posts", on: server).status == 200)
    }
  }

  @Test("after a whole request and its answer, half a head on the same connection gets the header timeout too")
  func halfHeadAfterRequest() async throws {
    // A fresh connection's whole head must also arrive within the header timeout: 1 s leaves a loaded machine room.
    let configuration = FixtureServer.Configuration(headerTimeout: .seconds(1), idleTimeout: .seconds(20))
    try await withFixtureServer(configuration) { server async throws in
      let (status, closed, elapsed) = try await RawSocket.conversation(port: server.port) { socket in
        try socket.send("GET /posts/1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let status = try socket.readResponse()
        let start = ContinuousClock.now
        try socket.send("GET /posts HTTP/1.1\r\n")
        let closed = socket.waitForClose()
        return (status, closed, ContinuousClock.now - start)
      }
      #expect(status == 200)
      #expect(closed == nil || closed == ECONNRESET, "\(String(describing: closed))")
      #expect(elapsed >= .milliseconds(900))
      #expect(elapsed < .seconds(10))
    }
  }

  @Test("bytes of a next request that come with the end of the previous one are closed by the idle timeout at worst")
  func pipelinedHalfHead() async throws {
    let configuration = FixtureServer.Configuration(headerTimeout: .seconds(20), idleTimeout: .milliseconds(500))
    try await withFixtureServer(configuration) { server async throws in
      let (elapsed, exchange) = try await closeAfter(
        sending: "GET /posts/1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\nGET /posts HTTP/1.1\r\n",
        port: server.port)
      #expect(exchange.status == 200)
      #expect(exchange.failure == nil || exchange.failure == ECONNRESET)
      #expect(elapsed < .seconds(10))
    }
  }

  @Test("a connection that sends nothing, or nothing more after its answer, is closed at the idle timeout")
  func idle() async throws {
    let configuration = FixtureServer.Configuration(headerTimeout: .seconds(20), idleTimeout: .milliseconds(400))
    try await withFixtureServer(configuration) { server async throws in
      let (silent, nothing) = try await closeAfter(sending: "", port: server.port)
      #expect(nothing.failure == nil || nothing.failure == ECONNRESET)
      #expect(nothing.received.isEmpty)
      #expect(silent >= .milliseconds(350))
      #expect(silent < .seconds(10))

      let (kept, answered) = try await closeAfter(
        sending: "GET /posts/1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port)
      #expect(answered.status == 200)
      #expect(answered.failure == nil || answered.failure == ECONNRESET)
      #expect(kept < .seconds(10))
    }
  }

  @Test("a body that stops arriving is closed at the idle timeout, and the write does not happen")
  func stalledBody() async throws {
    let configuration = FixtureServer.Configuration(headerTimeout: .seconds(20), idleTimeout: .milliseconds(400))
    try await withFixtureServer(configuration) { server async throws in
      let before = server.database
      let (elapsed, exchange) = try await closeAfter(
        sending:
          "POST /posts HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 100\r\n\r\n{\"title\": ",
        port: server.port)
      #expect(exchange.status == nil)
      #expect(elapsed < .seconds(10))
      #expect(server.database == before)
    }
  }

  @Test("timeouts never cut an answer short: a response slower than both still arrives, and the server goes on")
  func slowAnswer() async throws {
    // A fresh connection's whole head must arrive within the header timeout, the follow-up requests' too: 1.5 s
    // leaves a loaded machine room (0.8 s once lost a PATCH's head to a busy CI run).
    let configuration = FixtureServer.Configuration(
      faults: FaultPlan(endpoints: ["articles": [.latency(milliseconds: 3000)]]),
      headerTimeout: .milliseconds(1500), idleTimeout: .milliseconds(2000))
    try await withFixtureServer(configuration) { server async throws in
      let exchange = try await RawHTTPConnection.get("/articles", port: server.port)
      #expect(exchange.status == 200)
      #expect(!exchange.body.isEmpty)
      // Then the server goes on serving reads and writes. Each on a connection of its own (`Connection: close`):
      // with a 2 s idle timeout a kept-alive connection may be closed between two requests on a loaded machine,
      // and the client would lose a request to that race, not to the server.
      let close = ["Connection": "close"]
      for _ in 0..<3 {
        #expect(try await HTTPClient.get("/posts", on: server, headers: close).status == 200)
        #expect(
          try await HTTPClient.send("PATCH", "/profile", on: server, headers: close, body: "{}").status == 200)
      }
    }
  }

  @Test("the defaults are 10 s for a head and 60 s of silence")
  func defaults() {
    let configuration = FixtureServer.Configuration()
    #expect(configuration.headerTimeout == .seconds(10))
    #expect(configuration.idleTimeout == .seconds(60))
  }
}
