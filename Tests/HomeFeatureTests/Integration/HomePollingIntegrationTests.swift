import CompositionRootTesting
import CoreTesting
import FeatureKit
import FixtureServer
import Foundation
import Testing

/// Home's polling in the live app against the real fixture server, on a test clock: shown, it reads its sections
/// again every 5 minutes (through the query layer, network first); hidden, it sends nothing; shown again, the poll
/// that fell due runs at once.
@Suite(.timeLimit(.minutes(2)))
struct HomePollingIntegrationTests {
  @Test func shownHomePollsEveryFiveMinutesAndPausesWhileHidden() async throws {
    let log = ServerLog()
    let server = try await FixtureServer.start(.init(port: 0, requestLog: { log.append($0) }))
    let clock = TestClock()
    let app = try await RunningApp(api: server.baseURL, features: ["home"], clock: clock)
    let home = try #require(app.tabs.first)
    // A poll revalidates what the cache holds: unchanged sections are answered 304, without a body.
    let newsReads = { log.count("GET", "recent_news") }

    app.runtime.appear(slot: home.slot)
    await clock.sleepers(count: 1)  // loaded; the poll timer waits
    #expect(newsReads() == 1)

    clock.advance(by: .seconds(300))
    await clock.sleepers(count: 1)  // the poll loaded, and the next timer waits
    #expect(newsReads() == 2)
    #expect(log.lines.last { $0.hasPrefix("GET /recent_news → ") }?.hasPrefix("GET /recent_news → 304") == true)

    // Another tab: the timer fires once more and only marks the poll due; nothing is sent, nothing waits.
    app.runtime.disappear(slot: home.slot)
    clock.advance(by: .seconds(300))
    await app.runtime.store.settled()
    clock.advance(by: .seconds(3_600))
    #expect(newsReads() == 2)
    #expect(clock.sleeperCount == 0)

    // Home again: the due poll runs at once, and polling resumes.
    app.runtime.appear(slot: home.slot)
    await clock.sleepers(count: 1)
    #expect(newsReads() == 3)
    await app.shutdown()
    await server.shutdown()
  }
}
