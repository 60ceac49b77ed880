import CoreTesting
import FeatureKit
import FeatureKitTesting
import Foundation
import HomeFeature
import LoadingScreenKit
import Networking
import Testing

/// Home's five concurrent reads under a query layer: each reports into the load's `QueryTrace` (a task-local, so
/// the fan-out's child tasks see it), and the screen's origin is the worst of them, dated by the oldest.
@Suite struct HomeOriginTests {
  static let early = Date(timeIntervalSince1970: 1_795_000_000)
  static let late = early.addingTimeInterval(120)

  /// The fixture's answers, each endpoint reporting `origins[i]` into the current trace and recording its policy.
  func client(_ response: HomeContent, origins: [DataOrigin], policies: Recorder<ReadPolicy?>) -> HomeClient {
    @Sendable func read<T: Sendable>(_ index: Int, _ value: T) -> T {
      policies.append(QueryTrace.current?.policy)
      QueryTrace.current?.report(origins[index])
      return value
    }
    return HomeClient(
      campaignBanners: { read(0, response.campaignBanners) }, recentNews: { read(1, response.recentNews) },
      featuredTopics: { read(2, response.featuredTopics) }, trendArticles: { read(3, response.trendArticles) },
      pickupPhotos: { read(4, response.pickupPhotos) })
  }

  @Test func theScreensOriginIsTheWorstOfItsFiveReads() async throws {
    let response = try HomeFixtures.response()
    let policies = Recorder<ReadPolicy?>()
    let offline = DataOrigin.offline(fetchedAt: Self.late, reason: "cannot connect")
    let origins: [DataOrigin] = [
      .cache(fetchedAt: Self.early), .network, .stale(fetchedAt: Self.early, age: 600), offline, .network,
    ]
    let store = TestStore(
      module: HomeFeature.module(client: client(response, origins: origins, policies: policies)),
      initialState: HomeFeature.State(load: ScreenLoad(phase: .loaded(response))))
    let combined = offline  // offline over stale over cached over network, whatever order the reads end in

    await store.send(.load(.refresh)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true)
    }
    await store.receive(.load(.loaded(response, origin: combined))) {
      $0.load = ScreenLoad(phase: .loaded(response), origin: combined)
    }
    await store.finish()
    #expect(policies.values == Array(repeating: .networkFirst, count: 5))
    let module = HomeFeature.module(client: client(response, origins: origins, policies: policies))
    let present = try #require(module.present)
    let view = present(store.state)
    #expect(view.plainText.first?.hasPrefix("offline - as of ") == true)
    #expect(view.actions.first == .load(.retry))
  }

  @Test func aFirstAppearanceReadsEveryEndpointCacheFirst() async throws {
    let response = try HomeFixtures.response()
    let policies = Recorder<ReadPolicy?>()
    let cached = DataOrigin.cache(fetchedAt: Self.early)
    let store = TestStore(
      module: HomeFeature.module(
        client: client(response, origins: Array(repeating: cached, count: 5), policies: policies)),
      initialState: HomeFeature.State(load: ScreenLoad()))  // polling aside: HomePollingTests

    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.loaded(response, origin: cached))) {
      $0.load = ScreenLoad(phase: .loaded(response), origin: cached)
    }
    await store.finish()
    #expect(policies.values == Array(repeating: .cacheFirst, count: 5))
  }
}
