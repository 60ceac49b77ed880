import Core
import CoreTesting
import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import Synchronization
import Testing

/// After the API comes back (`AppEvent.reconnected` → `.load(.reconnected)`), a screen showing offline data or an
/// error loads again, once: the reducer decides, and a refetch that lands offline again does not loop.
@Suite struct ScreenLoadReconnectTests {
  static let asOf = Date(timeIntervalSince1970: 1_795_000_000)
  static let offline = DataOrigin.offline(fetchedAt: asOf, reason: "cannot connect")

  /// What the loads answer: dishes, and the origin they report as the query layer would.
  final class Answers: Sendable {
    private let answer: Mutex<(dishes: [String], origin: DataOrigin)>
    init(_ dishes: [String], _ origin: DataOrigin) { answer = Mutex((dishes, origin)) }
    func set(_ dishes: [String], _ origin: DataOrigin) { answer.withLock { $0 = (dishes, origin) } }
    var current: (dishes: [String], origin: DataOrigin) { answer.withLock { $0 } }
  }

  /// A store over the menu whose loads answer what `answers` holds.
  func makeStore(
    _ initial: ScreenLoad<SampleFeature.Content>, answers: Answers
  ) -> TestStore<SampleFeature.State, SampleFeature.Action> {
    TestStore(
      initialState: SampleFeature.State(load: initial), reducer: SampleFeature.reducer,
      middlewares: [
        .screenLoad(id: "menu.load", state: \.load, action: SampleFeature.Action.load) {
          let (dishes, origin) = answers.current
          QueryTrace.current?.report(origin)
          return dishes
        }
      ])
  }

  static func shown(_ dishes: [String], _ origin: DataOrigin) -> ScreenLoad<SampleFeature.Content> {
    ScreenLoad(phase: .loaded(SampleFeature.Content(dishes)), origin: origin)
  }

  @Test func offlineContentRefetchesOnceWhenTheAPIComesBack() async {
    let answers = Answers(["udon"], DataOrigin.network)
    let store = makeStore(Self.shown(["ramen"], Self.offline), answers: answers)

    await store.send(.load(.reconnected)) {
      // The offline content stays on screen while it is fetched again, network first.
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.reconnect.hasRefetched = true
    }
    await store.receive(.load(.loaded(["udon"]))) { $0.load = Self.shown(["udon"], .network) }
    // Fresh now: another reconnection changes nothing.
    await store.send(.load(.reconnected))
    await store.finish()
  }

  @Test func aRefetchThatLandsOfflineAgainIsNotRepeated() async {
    // Part of the API still fails: the refetch lands offline, and its own reconnection must not start another.
    let answers = Answers(["ramen"], Self.offline)
    let store = makeStore(Self.shown(["ramen"], Self.offline), answers: answers)

    await store.send(.load(.reconnected)) {
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.reconnect.hasRefetched = true
    }
    await store.receive(.load(.loaded(["ramen"], origin: Self.offline))) {
      $0.load.startsLoad = false
      $0.load.asksNetworkFirst = false
    }
    await store.send(.load(.reconnected))  // once per outage: nothing starts
    await store.send(.load(.reconnected))

    // Retry is the user's: it asks again, and a later reconnection may refetch again.
    await store.send(.load(.retry)) {  // the offline content stays on screen meanwhile
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.reconnect.hasRefetched = false
    }
    await store.receive(.load(.loaded(["ramen"], origin: Self.offline))) {
      $0.load = Self.shown(["ramen"], Self.offline)
    }
    // The API answers again before the reconnection is sent: the refetch it starts may run at once.
    answers.set(["udon"], .network)
    await store.send(.load(.reconnected)) {
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.reconnect.hasRefetched = true
    }
    await store.receive(.load(.loaded(["udon"]))) { $0.load = Self.shown(["udon"], .network) }
    await store.finish()
  }

  @Test func anErrorLoadsAgainWhenTheAPIComesBack() async {
    let answers = Answers(["ramen"], DataOrigin.network)
    let store = makeStore(ScreenLoad(phase: .failed("Could not connect")), answers: answers)

    await store.send(.load(.reconnected)) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.reconnect.hasRefetched = true
    }
    await store.receive(.load(.loaded(["ramen"]))) { $0.load = Self.shown(["ramen"], .network) }
    await store.finish()
  }

  @Test(arguments: [
    ScreenLoad<SampleFeature.Content>(),
    ScreenLoad(phase: .loading),
    shown(["ramen"], .network),
    shown(["ramen"], .cache(fetchedAt: asOf)),
    shown(["ramen"], .stale(fetchedAt: asOf, age: 90)),
  ])
  func aScreenNotShowingOfflineDataDoesNotRefetch(_ load: ScreenLoad<SampleFeature.Content>) async {
    let answers = Answers(["udon"], DataOrigin.network)
    let store = makeStore(load, answers: answers)
    await store.send(.load(.reconnected))
    await store.finish()
  }
}
