import FixtureData
import FixtureServer
import Foundation
import Testing

extension HeavyTests {
  /// A client that leaves costs nothing more: the requests it queued are not computed.
  @Suite("Departed clients")
  struct LenientHTTP1ChannelTests {
    @Test("clients that pipeline long reads and leave cost nothing more: the server computes next to none of them")
    func departedPipelines() async throws {
      // A list long enough for each read to take tens of milliseconds (and to run on the worker threads).
      let items = (1...3_000).map { id in
        JSONValue.object(JSONObject([("id", .integer(id)), ("title", .string("item \(id) with some text"))]))
      }
      let database = FixtureDatabase(
        root: JSONObject([("items", .array(items)), ("small", .array([.object(JSONObject([("id", .integer(1))]))]))]))
      let log = LogLines()
      let configuration = FixtureServer.Configuration(database: database, requestLog: log.log)
      try await withFixtureServer(configuration) { server async throws in
        let port = server.port
        let connections = 20
        // Each client sends 100 requests in one go and closes its socket without reading an answer.
        try await withThrowingTaskGroup(of: Void.self) { group in
          for _ in 0..<connections {
            group.addTask {
              try await RawSocket.conversation(port: port) { socket in
                try socket.send(String(repeating: "GET /items HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", count: 100))
              }
            }
          }
          try await group.waitForAll()
        }
        // A fresh client is answered.
        #expect(try await RawHTTPConnection.get("/small", port: port).status == 200)
        // Of the 2,000 reads left behind, the server computed at most the few it had started before the clients'
        // ends arrived (it used to answer two or three per connection: a write to a closed socket succeeds once).
        let computed = log.all.filter { $0.hasPrefix("GET /items → 200") }.count
        #expect(computed < connections, "computed \(computed) reads for departed clients")
      }
    }
  }
}
