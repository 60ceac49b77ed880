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

  @Test("while several such queries run, plain requests are answered at once")
  func othersKeepGoing() async throws {
    let configuration = FixtureServer.Configuration(database: try database(), patternTimeLimit: .seconds(1))
    try await withFixtureServer(configuration) { server async throws in
      let started = ContinuousClock.now
      async let first = HTTPClient.get(Self.pathological, on: server)
      async let second = HTTPClient.get(Self.pathological, on: server)
      async let third = HTTPClient.get(Self.pathological, on: server)
      // Plain requests sent while the three run (they take a second of processor time each, one after another).
      var slowest = Duration.zero
      for path in ["/plain", "/posts/1", "/posts?title=x", "/db"] {
        let start = ContinuousClock.now
        #expect(try await HTTPClient.get(path, on: server).status == 200)
        slowest = max(slowest, ContinuousClock.now - start)
      }
      let plainDone = ContinuousClock.now - started
      let statuses = try await [first.status, second.status, third.status]
      let patternsDone = ContinuousClock.now - started
      #expect(statuses == [400, 400, 400])
      // Blocked behind the patterns, they took as long as the patterns: minutes before the limit existed.
      #expect(slowest < .seconds(2), "a plain request took \(slowest)")
      #expect(plainDone < patternsDone)
      #expect(patternsDone < .seconds(20))
    }
  }
}
