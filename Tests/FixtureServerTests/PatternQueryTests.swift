import FixtureData
import FixtureServer
import Foundation
import Testing

/// `FIELD_like` regular expressions backtrack: `(.*a){25}` over a title of 24 `a`s runs for minutes, and three such
/// requests at once froze every other request of the server (they ran on the threads that serve requests).
@Suite("Pattern queries: FIELD_like under a time limit, away from the request threads")
struct PatternQueryTests {
  /// A list whose titles make `(.*a){25}` backtrack without end, and a plain list beside it.
  private func database() throws -> FixtureDatabase {
    let title = String(repeating: "a", count: 24) + "b"
    return try FixtureDatabase(
      json: Array(
        #"{"posts": [{"id": 1, "title": "\#(title)"}, {"id": 2, "title": "\#(title)"}], "plain": [{"id": 1}]}"#.utf8))
  }

  private static let pathological = "/posts?title_like=(.*a)%7B25%7D"

  @Test("a pattern that runs past the limit is answered 400 with a JSON message, quickly")
  func timedOut() async throws {
    let configuration = FixtureServer.Configuration(database: try database(), patternTimeLimit: .milliseconds(200))
    try await withFixtureServer(configuration) { server async throws in
      let start = ContinuousClock.now
      let reply = try await HTTPClient.get(Self.pathological, on: server)
      #expect(ContinuousClock.now - start < .seconds(10))
      #expect(reply.status == 400)
      #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
      #expect(
        try reply.object()["error"] as? String
          == "title_like=(.*a){25} took longer than the 200 ms a query may spend matching regular expressions; "
          + "use a simpler pattern")
      // Reasonable patterns are served as before.
      let fine = try await HTTPClient.get("/posts?title_like=a%2Bb$", on: server)
      #expect(try fine.objects().count == 2)
      #expect(try await HTTPClient.get("/posts?title_like=(", on: server).status == 400)
    }
  }

  @Test("while several such queries run, plain requests are answered first, not queued behind them")
  func othersKeepGoing() async throws {
    let configuration = FixtureServer.Configuration(database: try database(), patternTimeLimit: .seconds(1))
    try await withFixtureServer(configuration) { server async throws in
      let started = ContinuousClock.now
      // Each pattern query records when its answer arrived.
      func pattern() async throws -> (status: Int, done: Duration) {
        let status = try await HTTPClient.get(Self.pathological, on: server).status
        return (status, ContinuousClock.now - started)
      }
      async let first = pattern()
      async let second = pattern()
      async let third = pattern()
      // Plain requests sent while the three run (they take a second of processor time each, one after another).
      for path in ["/plain", "/posts/1", "/posts?title=x", "/db"] {
        #expect(try await HTTPClient.get(path, on: server).status == 200)
      }
      let plainDone = ContinuousClock.now - started
      let patterns = try await [first, second, third]
      #expect(patterns.map(\.status) == [400, 400, 400])
      // Blocked behind the patterns, the plain requests would end after the last of them (minutes after, before
      // the limit existed). Ordering, not wall-clock bounds: a loaded machine slows both alike.
      let lastPattern = try #require(patterns.map(\.done).max())
      #expect(plainDone < lastPattern, "plain requests took \(plainDone), the last pattern query \(lastPattern)")
    }
  }
}
