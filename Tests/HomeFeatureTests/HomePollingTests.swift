import CoreTesting
import FeatureKit
import FeatureKitTesting
import Foundation
import HomeFeature
import Networking
import NetworkingTesting
import Testing

/// Home polls every 5 minutes while its tab is shown (the shipped use of `LoadPolling`), on the test clock: the
/// five sections are read again, network first, with the content kept on screen; hidden, Home sends nothing.
@Suite struct HomePollingTests {
  @Test func aShownHomeReadsItsSectionsAgainEveryFiveMinutesAndPausesWhenHidden() async throws {
    let fake = try HomeFixtures.fakeHTTP()
    let response = try HomeFixtures.response()
    let clock = TestClock()
    let module = HomeFeature.module(client: .live(http: fake.client, baseURL: HomeFixtures.baseURL))
    let store = TestStore(module: module, clock: clock)
    let shown = try #require(module.receive?(.appear))
    let hidden = try #require(module.receive?(.disappear))

    await store.send(shown) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
      $0.load.polling?.isShown = true
    }
    await store.receive(.load(.loaded(response))) {
      $0.load.phase = .loaded(response)
      $0.load.startsLoad = false
      $0.load.polling?.timer = .waiting
      $0.load.polling?.startsTimer = true
    }
    #expect(fake.requests.count == 5)

    await clock.sleepers(count: 1)
    clock.advance(by: .seconds(299))
    #expect(fake.requests.count == 5)
    clock.advance(by: .seconds(1))
    await store.receive(.load(.poll)) {
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.polling?.timer = .stopped
      $0.load.polling?.startsTimer = false
    }
    await store.receive(.load(.loaded(response))) {
      $0.load.startsLoad = false
      $0.load.asksNetworkFirst = false
      $0.load.polling?.timer = .waiting
      $0.load.polling?.startsTimer = true
    }
    #expect(fake.requests.count == 10)

    // Another tab: the timer fires once more and only marks the poll due.
    await clock.sleepers(count: 1)
    await store.send(hidden) {
      $0.load.polling?.isShown = false
      $0.load.polling?.startsTimer = false
    }
    clock.advance(by: .seconds(300))
    await store.receive(.load(.poll)) { $0.load.polling?.timer = .due }
    clock.advance(by: .seconds(3_600))
    await store.finish()
    #expect(fake.requests.count == 10)
  }
}
