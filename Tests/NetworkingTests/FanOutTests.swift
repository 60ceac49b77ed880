import Foundation
import Networking
import NetworkingTesting
import Synchronization
import Testing

@Suite("Ordered fan-out")
struct FanOutTests {
  /// Counts operations running at once.
  final class Gauge: Sendable {
    private let state = Mutex((now: 0, peak: 0))
    func enter() {
      state.withLock {
        $0.now += 1; $0.peak = max($0.peak, $0.now)
      }
    }
    func leave() { state.withLock { $0.now -= 1 } }
    var peak: Int { state.withLock { $0.peak } }
  }

  struct Boom: Error, Equatable { let index: Int }

  @Test func resultsComeBackInRequestOrderWhenLatenciesAreReversed() async throws {
    let delays = [80, 60, 40, 20, 0]
    let results = try await FanOut.map(delays) { ms in
      try await Task.sleep(for: .milliseconds(ms))
      return ms
    }
    #expect(results == delays)
  }

  @Test func fakeClientFanOutKeepsOrder() async throws {
    let fake = FakeHTTPClient()
    let paths = ["/campaign_banners", "/recent_news", "/featured_topics", "/trend_articles", "/pickup_photos"]
    for (index, path) in paths.enumerated() {
      fake.stub(path, .json(#"{"n": \#(index)}"#), latency: .milliseconds(10 * (paths.count - index)))
    }
    struct N: Decodable, Sendable { let n: Int }
    let base = URL(string: "http://api.test")!
    let http = fake.client
    let values = try await FanOut.map(paths) { try await http.json(N.self, from: base.appending(path: $0)).n }
    #expect(values == [0, 1, 2, 3, 4])
  }

  @Test func variadicReturnsEachTypeInPlace() async throws {
    let (number, text, list) = try await FanOut.all(
      {
        try await Task.sleep(for: .milliseconds(30)); return 1
      },
      { "two" },
      { [3.0] }
    )
    #expect(number == 1)
    #expect(text == "two")
    #expect(list == [3.0])
  }

  @Test func firstFailureCancelsTheRestAndIsThrown() async throws {
    let cancelled = Mutex(0)
    let operations: [@Sendable () async throws -> Int] = (0..<4).map { index in
      {
        if index == 2 { throw Boom(index: 2) }
        do {
          try await Task.sleep(for: .seconds(30))
        } catch {
          cancelled.withLock { $0 += 1 }
          throw error
        }
        return index
      }
    }
    let start = ContinuousClock.now
    await #expect(throws: Boom(index: 2)) { try await FanOut.allOf(operations) }
    // The others were cancelled, not waited for: each sleep threw, and well before its 30 s (a bound only a waited-for
    // sleep could break, whatever the machine's load).
    #expect(cancelled.withLock { $0 } == 3)
    #expect(ContinuousClock.now - start < .seconds(25))
  }

  @Test func cancellingTheCallerThrowsCancellationError() async throws {
    let started = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await FanOut.all(
        {
          started.continuation.yield(); try await Task.sleep(for: .seconds(30)); return 1
        },
        {
          try await Task.sleep(for: .seconds(30)); return "never"
        }
      )
    }
    for await _ in started.stream { break }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func settledReportsEveryOutcomeInOrder() async throws {
    let results = await FanOut.settledMap(0..<5) { index in
      try await Task.sleep(for: .milliseconds(5 * (5 - index)))
      if index.isMultiple(of: 2) { throw Boom(index: index) }
      return index
    }
    #expect(results.count == 5)
    for (index, result) in results.enumerated() {
      if index.isMultiple(of: 2) {
        #expect(throws: Boom(index: index)) { try result.get() }
      } else {
        #expect(try result.get() == index)
      }
    }
  }

  @Test func variadicSettledKeepsTypes() async throws {
    let (number, text) = await FanOut.settled({ 1 }, { () async throws -> String in throw Boom(index: 1) })
    #expect(try number.get() == 1)
    #expect(throws: Boom(index: 1)) { try text.get() }
  }

  @Test(arguments: [1, 2, 3])
  func concurrencyLimitIsRespected(limit: Int) async throws {
    let gauge = Gauge()
    let results = try await FanOut.map(0..<9, maxConcurrency: limit) { index in
      gauge.enter()
      defer { gauge.leave() }
      try await Task.sleep(for: .milliseconds(5))
      return index * 10
    }
    #expect(results == (0..<9).map { $0 * 10 })
    #expect(gauge.peak <= limit)
    #expect(gauge.peak >= 1)
  }

  @Test func settledRespectsTheLimitToo() async {
    let gauge = Gauge()
    let results = await FanOut.settledMap(0..<6, maxConcurrency: 2) { index in
      gauge.enter()
      defer { gauge.leave() }
      try await Task.sleep(for: .milliseconds(5))
      return index
    }
    #expect(results.compactMap { try? $0.get() } == Array(0..<6))
    #expect(gauge.peak <= 2)
  }

  @Test func edgeCases() async throws {
    #expect(try await FanOut.allOf([@Sendable () async throws -> Int]()).isEmpty)
    #expect(await FanOut.settledOf([@Sendable () async throws -> Int]()).isEmpty)
    #expect(try await FanOut.map([1, 2, 3], maxConcurrency: 0) { $0 } == [1, 2, 3])
    #expect(try await FanOut.map([1, 2, 3], maxConcurrency: -5) { $0 } == [1, 2, 3])
    #expect(try await FanOut.all({ 42 }) == 42)
  }
}
