import FeatureKit
import Foundation
import LoadingScreenKit
import Networking
import Testing

/// The decision every screen that loads from the API shares (`ScreenLoad`, Archive's search): on a reconnection,
/// refetch offline content or an error, once per outage.
@Suite struct ReconnectRefetchTests {
  static let asOf = Date(timeIntervalSince1970: 1_795_000_000)
  static let offline = DataOrigin.offline(fetchedAt: asOf, reason: "cannot connect")

  @Test(arguments: [ReconnectRefetch.Showing.content(offline), .error])
  func offlineContentOrAnErrorRefetchesOncePerOutage(_ showing: ReconnectRefetch.Showing) {
    var refetch = ReconnectRefetch()
    let first = refetch.reconnected(showing: showing)
    #expect(first)
    #expect(refetch.hasRefetched)
    let second = refetch.reconnected(showing: showing)
    #expect(!second)  // the same outage: once
  }

  @Test(arguments: [
    ReconnectRefetch.Showing.nothing, .content(.network), .content(.cache(fetchedAt: asOf)),
    .content(.stale(fetchedAt: asOf, age: 90)),
  ])
  func anythingElseDoesNotRefetch(_ showing: ReconnectRefetch.Showing) {
    var refetch = ReconnectRefetch()
    let refetches = refetch.reconnected(showing: showing)
    #expect(!refetches)
    #expect(!refetch.hasRefetched)
  }

  @Test func contentFromTheNetworkOrTheCacheEndsTheOutageAndOfflineContentDoesNot() {
    for (origin, ends) in [
      (DataOrigin.network, true), (.cache(fetchedAt: Self.asOf), true),
      (.stale(fetchedAt: Self.asOf, age: 90), false), (Self.offline, false),
    ] {
      var refetch = ReconnectRefetch(hasRefetched: true)
      refetch.loaded(from: origin)
      #expect(refetch.hasRefetched == !ends, "\(origin)")
    }
  }

  @Test func refreshOrRetryLetsTheNextReconnectionRefetch() {
    var refetch = ReconnectRefetch(hasRefetched: true)
    let before = refetch.reconnected(showing: .error)
    #expect(!before)
    refetch.reset()
    let after = refetch.reconnected(showing: .error)
    #expect(after)
  }
}
