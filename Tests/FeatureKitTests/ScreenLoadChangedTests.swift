import Core
import CoreTesting
import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import Testing

/// `.load(.changed)` (the app's `.dataChanged`): a loaded screen reads its content again from the cache — no
/// spinner, no network, the origin kept — and a screen that is not loaded ignores it.
@Suite struct ScreenLoadChangedTests {
  private static let asOf = Date(timeIntervalSince1970: 1_795_000_000)

  @Test(arguments: [LoadPhase<SampleFeature.Content>.idle, .failed("down")])
  func onlyALoadedScreenRereads(_ phase: LoadPhase<SampleFeature.Content>) {
    var load = ScreenLoad<SampleFeature.Content>(phase: phase, startsLoad: true)
    load.reduce(.changed)
    #expect(load == ScreenLoad(phase: phase))
  }

  /// A change made while a load is in flight (an outbox's refusal or conflict rolled back while Refresh was reading)
  /// may be missing from that load's answer: once the answer lands, the screen reads the cache again. (The TUI showed
  /// a queued nickname the server had refused with a 412 until the next Refresh: ProfileConflictEndToEndTests.)
  @Test func aChangeWhileLoadingRereadsOnceTheLoadLands() {
    var load = ScreenLoad<SampleFeature.Content>(phase: .loading, startsLoad: true)
    load.reduce(.changed)
    #expect(load == ScreenLoad(phase: .loading, changedWhileLoading: true))
    load.reduce(.loaded(["stale"], origin: .network))
    #expect(
      load == ScreenLoad(phase: .loaded(SampleFeature.Content(["stale"])), startsLoad: true, rereadsCache: true))
    load.reduce(.loaded(["fresh"], origin: .network))
    #expect(load == ScreenLoad(phase: .loaded(SampleFeature.Content(["fresh"]))))

    // A failure shows the error; a new load reads after the change anyway.
    var failing = ScreenLoad<SampleFeature.Content>(phase: .loading, changedWhileLoading: true)
    failing.reduce(.failed("down"))
    #expect(failing == ScreenLoad(phase: .failed("down")))
    var refreshed = ScreenLoad<SampleFeature.Content>(phase: .loading, changedWhileLoading: true)
    refreshed.reduce(.refresh)
    #expect(!refreshed.changedWhileLoading)
  }

  @Test func aLoadedScreenRereadsTheCacheKeepingWhatItShows() {
    let offline = DataOrigin.offline(fetchedAt: Self.asOf, reason: "cannot connect")
    var load = ScreenLoad<SampleFeature.Content>(phase: .loaded(SampleFeature.Content(["ramen"])), origin: offline)
    load.reduce(.changed)
    #expect(
      load
        == ScreenLoad(
          phase: .loaded(SampleFeature.Content(["ramen"])), startsLoad: true, origin: offline, rereadsCache: true))
    load.reduce(.loaded(["soba"], origin: offline))
    #expect(load == ScreenLoad(phase: .loaded(SampleFeature.Content(["soba"])), origin: offline))
  }

  @Test func theRereadAsksTheCacheOnlyAndKeepsTheOrigin() async {
    let policies = Recorder<ReadPolicy?>()
    let offline = DataOrigin.offline(fetchedAt: Self.asOf, reason: "cannot connect")
    let store = TestStore(
      initialState: SampleFeature.State(
        load: ScreenLoad(phase: .loaded(SampleFeature.Content(["ramen"])), origin: offline)),
      reducer: SampleFeature.reducer,
      middlewares: [
        .screenLoad(id: "menu.load", state: \.load, action: SampleFeature.Action.load) {
          policies.append(QueryTrace.current?.policy)
          return ["soba"]
        }
      ])
    await store.send(.load(.changed)) {
      $0.load.startsLoad = true
      $0.load.rereadsCache = true
    }
    await store.receive(.load(.loaded(["soba"], origin: offline))) {
      $0.load = ScreenLoad(phase: .loaded(SampleFeature.Content(["soba"])), origin: offline)
    }
    await store.finish()
    #expect(policies.values == [.cacheOnly])
  }

  @Test func theAppEventBecomesChangedForALoadingScreen() {
    let module = SampleFeature.module(load: { [] })
    #expect(module.receive?(.dataChanged(["dishes"])) == .load(.changed))
  }
}
