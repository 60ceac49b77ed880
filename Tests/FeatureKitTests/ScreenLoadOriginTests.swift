import Core
import CoreTesting
import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import Testing

/// `Middleware.screenLoad(id:state:action:load:)` over a query layer (``CachedMenu``): each load runs in a ``QueryTrace`` with
/// the policy the state gave, its answer carries the origin the reads reported, and a stale answer is followed by
/// a second `loaded` once its refresh ends.
@Suite struct ScreenLoadOriginTests {
  let menu = CachedMenu()
  static let fetchedAt = Date(timeIntervalSince1970: 1_795_000_000)
  static let stale = DataOrigin.stale(fetchedAt: fetchedAt, age: 300)

  private func makeStore(
    initialState: SampleFeature.State = SampleFeature.State()
  ) -> TestStore<SampleFeature.State, SampleFeature.Action> {
    TestStore(
      initialState: initialState, reducer: SampleFeature.reducer,
      middlewares: [.screenLoad(id: "menu.load", state: \.load, action: SampleFeature.Action.load, load: menu.load)])
  }

  private static let loading = ScreenLoad<SampleFeature.Content>(phase: .loading, startsLoad: true)

  private static func loaded(_ dishes: [String], _ origin: DataOrigin = .network) -> ScreenLoad<SampleFeature.Content> {
    ScreenLoad(phase: .loaded(SampleFeature.Content(dishes)), origin: origin)
  }

  @Test func appearReadsTheCacheFirstAndAFreshEntryAnswersOnce() async {
    let cached = DataOrigin.cache(fetchedAt: Self.fetchedAt)
    menu.answer(.cacheFirst, with: .init(dishes: ["ramen"], origin: cached))
    let store = makeStore()

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.loaded(["ramen"], origin: cached))) { $0.load = Self.loaded(["ramen"], cached) }
    await store.finish()
    #expect(menu.policies == [.cacheFirst])
  }

  @Test func aStaleAnswerShowsAtOnceAndTheRefreshedContentReplacesIt() async {
    menu.answer(.cacheFirst, with: .init(dishes: ["ramen"], origin: Self.stale, refresh: .some(nil)))
    menu.answer(.cacheOnly, with: .init(dishes: ["ramen", "soba"], origin: .cache(fetchedAt: Self.fetchedAt)))
    menu.holdRefreshes()
    let store = makeStore()

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.loaded(["ramen"], origin: Self.stale))) {
      $0.load = Self.loaded(["ramen"], Self.stale)
    }
    #expect(menu.policies == [.cacheFirst])  // the stale content is shown before its refresh ends
    menu.endRefresh()
    // The second answer is what the refresh just wrote, read back from the cache, and it is fresh.
    await store.receive(.load(.loaded(["ramen", "soba"]))) { $0.load = Self.loaded(["ramen", "soba"]) }
    await store.finish()
    #expect(menu.policies == [.cacheFirst, .cacheOnly])
  }

  @Test func aFailedRefreshKeepsTheStaleContentMarkedOffline() async {
    menu.answer(.cacheFirst, with: .init(dishes: ["ramen"], origin: Self.stale, refresh: .some("cannot connect")))
    let offline = DataOrigin.offline(fetchedAt: Self.fetchedAt, reason: "cannot connect")
    let store = makeStore()

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.loaded(["ramen"], origin: Self.stale))) {
      $0.load = Self.loaded(["ramen"], Self.stale)
    }
    await store.receive(.load(.loaded(["ramen"], origin: offline))) { $0.load.origin = offline }
    await store.finish()
    #expect(menu.policies == [.cacheFirst])  // nothing is read again: the content stays, dated by the stale read
  }

  @Test(arguments: [LoadAction<[String]>.refresh, .retry])
  func refreshAndRetryAskTheNetworkFirst(_ again: LoadAction<[String]>) async {
    let offline = DataOrigin.offline(fetchedAt: Self.fetchedAt, reason: "cannot connect")
    menu.answer(.networkFirst, with: .init(dishes: ["ramen"], origin: offline))
    let store = makeStore(
      initialState: SampleFeature.State(load: Self.loaded(["ramen"], .cache(fetchedAt: Self.fetchedAt))))

    await store.send(.load(again)) {
      if again == .refresh { $0.load.phase = .loading }  // Retry keeps the content on screen
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
    }
    // The network is down: the cache answers, marked offline, and there is no refresh to wait for.
    await store.receive(.load(.loaded(["ramen"], origin: offline))) { $0.load = Self.loaded(["ramen"], offline) }

    // Retry from offline content asks the network first again, and the network answers this time.
    menu.answer(.networkFirst, with: .init(dishes: ["ramen", "udon"]))
    await store.send(.load(.retry)) {  // the offline content stays on screen meanwhile
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
    }
    await store.receive(.load(.loaded(["ramen", "udon"]))) { $0.load = Self.loaded(["ramen", "udon"]) }
    await store.finish()
    #expect(menu.policies == [.networkFirst, .networkFirst])
  }

  @Test func anAppearOnTheScreenARefreshLoadedReadsNothingMore() async {
    menu.answer(.cacheFirst, with: .init(dishes: ["ramen"], origin: .cache(fetchedAt: Self.fetchedAt)))
    menu.answer(.networkFirst, with: .init(dishes: ["soba"]))
    let store = makeStore()

    await store.send(.load(.refresh)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true)
    }
    await store.receive(.load(.loaded(["soba"]))) { $0.load = Self.loaded(["soba"]) }
    await store.send(.load(.appear))  // loaded: starts nothing
    await store.finish()
    #expect(menu.policies == [.networkFirst])
  }

  @Test func aLoadReplacedWhileItsRefreshRunsSendsNothingMore() async {
    menu.answer(.cacheFirst, with: .init(dishes: ["ramen"], origin: Self.stale, refresh: .some(nil)))
    menu.answer(.cacheOnly, with: .init(dishes: ["ramen", "soba"]))
    menu.answer(.networkFirst, with: .init(dishes: ["udon"]))
    menu.holdRefreshes()
    let store = makeStore()

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.loaded(["ramen"], origin: Self.stale))) {
      $0.load = Self.loaded(["ramen"], Self.stale)
    }
    // Refresh while the stale read's refresh is still out: the new load replaces the waiting one.
    await store.send(.load(.refresh)) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
    }
    await store.receive(.load(.loaded(["udon"]))) { $0.load = Self.loaded(["udon"]) }
    menu.endRefresh()
    await store.finish()  // the replaced load saw its refresh end, cancelled: no second `loaded`, no re-read
    #expect(menu.policies == [.cacheFirst, .networkFirst])
  }

  @Test func aFailedReadIsAFailedLoadWhateverThePolicy() async {
    let store = makeStore()  // the fake answers nothing: every read fails

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.failed("The kitchen is closed."))) {
      $0.load = ScreenLoad(phase: .failed("The kitchen is closed."))
    }
    await store.send(.load(.retry)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true)
    }
    await store.receive(.load(.failed("The kitchen is closed."))) {
      $0.load = ScreenLoad(phase: .failed("The kitchen is closed."))
    }
    await store.finish()
    #expect(menu.policies == [.cacheFirst, .networkFirst])
  }
}
