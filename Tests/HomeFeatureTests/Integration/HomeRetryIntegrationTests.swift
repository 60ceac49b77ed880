import CompositionRootTesting
import CoreTesting
import FeatureKit
import FixtureServer
import Foundation
import Networking
import Testing

/// The live app (libcurl, the query layer, SQLite) showing Home against the real fixture server, on a test clock
/// that the store and the query layer share: a GET the server fails once is retried after the back-off and the
/// screen loads; after the API comes back, a screen showing offline data refetches once by itself.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HomeRetryIntegrationTests {
  @Test func aGETTheServerFailsOnceIsRetriedOnTheStoreClockAndHomeLoads() async throws {
    let server = try await FixtureServer.start()
    server.setFaults([.status(500)], for: .endpoint("recent_news"))
    let clock = TestClock()
    let app = try await RunningApp(api: server.baseURL, features: ["home"], clock: clock)
    let home = try #require(app.tabs.first)

    app.runtime.appear(slot: home.slot)
    await clock.sleepers(count: 1)  // recent_news answered 500: its second try waits on the store's clock
    #expect(app.runtime.view(slot: home.slot)?.containsSpinner == true)  // still loading, no error shown
    server.clearFaults()
    clock.advance(by: .seconds(1))  // the first wait is at most 1 s, whatever the jitter

    try await app.until("Home loaded", slot: home.slot) { $0.plainText.contains("Campaigns") }
    #expect(app.live.queryCache.reachability.unreachableReason == nil)
    await app.shutdown()
    await server.shutdown()
  }

  @Test func afterTheAPIComesBackHomeShowingOfflineDataRefetchesOnce() async throws {
    let server = try await FixtureServer.start()
    let clock = TestClock()
    let app = try await RunningApp(api: server.baseURL, features: ["home"], clock: clock)
    let home = try #require(app.tabs.first)
    app.runtime.appear(slot: home.slot)
    try await app.until("Home loaded", slot: home.slot) { $0.plainText.contains("Campaigns") }
    await clock.sleepers(count: 1)  // Home's poll timer

    // The API fails: Refresh retries recent_news three times, then shows the cached Home, marked with the server
    // error (not offline: the API answered).
    server.setFaults([.status(500)], for: .endpoint("recent_news"))
    app.runtime.send(.refreshAll)
    await clock.sleepers(count: 2)
    clock.advance(by: .seconds(1))
    await clock.sleepers(count: 2)
    clock.advance(by: .seconds(2))
    try await app.until("Home offline", slot: home.slot) { view in
      view.plainText.contains { $0.hasPrefix("server error - as of") }
    }

    // The API is back, and another read reaches it: Home refetches by itself and the offline note goes.
    server.clearFaults()
    #expect(app.live.queryCache.reachability.unreachableReason == "server error 500")
    let read = HTTPRequest.get(server.baseURL.appending(path: "campaign_banners"))
    let client = app.live.queryCache.client
    _ = try await QueryTrace(policy: .networkFirst).run { try await client.send(read) }
    try await app.until("Home fresh again", slot: home.slot) { view in
      view.plainText.contains("Campaigns") && !view.plainText.contains { $0.hasPrefix("server error") }
    }
    #expect(app.live.queryCache.reachability.unreachableReason == nil)
    await app.shutdown()
    await server.shutdown()
  }
}
