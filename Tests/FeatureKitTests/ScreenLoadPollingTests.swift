import Core
import CoreTesting
import FeatureKit
import FeatureKitTesting
import LoadingScreenKit
import Networking
import Testing

/// A loading screen that polls (``LoadPolling``), on the test clock: it loads again at its interval while shown,
/// network first and keeping its content; hidden, it sends nothing and polls when shown again; the CLI (which never
/// shows a screen) never polls.
@Suite struct ScreenLoadPollingTests {
  let clock = TestClock()
  let calls = Recorder<String>()
  static let interval = Duration.seconds(60)

  /// A store over the menu, polling every minute; each load answers its number (`["1"]`, `["2"]`, …).
  func makeStore(polling: Bool = true) -> TestStore<SampleFeature.State, SampleFeature.Action> {
    let calls = calls
    var state = SampleFeature.State()
    if polling { state.load.polling = LoadPolling(every: Self.interval) }
    return TestStore(
      initialState: state, reducer: SampleFeature.reducer,
      middlewares: [
        .screenLoad(id: "menu.load", state: \.load, action: SampleFeature.Action.load) {
          calls.append("load")
          return ["\(calls.values.count)"]
        }
      ], clock: clock)
  }

  static func content(_ number: Int) -> LoadPhase<SampleFeature.Content> {
    .loaded(SampleFeature.Content(["\(number)"]))
  }

  /// Shows the screen and receives its first answer: the timer starts.
  func showAndLoad(_ store: TestStore<SampleFeature.State, SampleFeature.Action>) async {
    await store.send(.load(.shown)) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
      $0.load.polling?.isShown = true
    }
    await store.receive(.load(.loaded(["1"]))) {
      $0.load.phase = Self.content(1)
      $0.load.startsLoad = false
      $0.load.polling?.timer = .waiting
      $0.load.polling?.startsTimer = true
    }
    await clock.sleepers(count: 1)
  }

  /// Hides the screen and lets its timer fire once more, which only makes the poll due: nothing runs after.
  func hideAndStop(_ store: TestStore<SampleFeature.State, SampleFeature.Action>) async {
    await store.send(.load(.hidden)) {
      $0.load.polling?.isShown = false
      $0.load.polling?.startsTimer = false
    }
    clock.advance(by: Self.interval)
    await store.receive(.load(.poll)) { $0.load.polling?.timer = .due }
    await store.finish()
  }

  @Test func aShownScreenLoadsAgainAtItsIntervalKeepingItsContent() async {
    let store = makeStore()
    await showAndLoad(store)

    clock.advance(by: Self.interval - .milliseconds(1))
    #expect(calls.values.count == 1)  // not yet
    clock.advance(by: .milliseconds(1))
    await store.receive(.load(.poll)) {
      // The content stays on screen while the poll's load runs, network first.
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.polling?.timer = .stopped
      $0.load.polling?.startsTimer = false
    }
    await store.receive(.load(.loaded(["2"]))) {
      $0.load.phase = Self.content(2)
      $0.load.startsLoad = false
      $0.load.asksNetworkFirst = false
      $0.load.polling?.timer = .waiting
      $0.load.polling?.startsTimer = true
    }
    await clock.sleepers(count: 1)
    clock.advance(by: Self.interval)
    await store.receive(.load(.poll)) {
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.polling?.timer = .stopped
      $0.load.polling?.startsTimer = false
    }
    await store.receive(.load(.loaded(["3"]))) {
      $0.load.phase = Self.content(3)
      $0.load.startsLoad = false
      $0.load.asksNetworkFirst = false
      $0.load.polling?.timer = .waiting
      $0.load.polling?.startsTimer = true
    }
    await clock.sleepers(count: 1)
    await hideAndStop(store)
    #expect(calls.values.count == 3)
  }

  @Test func aHiddenScreenPausesAndPollsWhenShownAgain() async {
    let store = makeStore()
    await showAndLoad(store)
    await store.send(.load(.hidden)) {
      $0.load.polling?.isShown = false
      $0.load.polling?.startsTimer = false
    }

    // The timer fires while hidden: no load, the poll is due, and no timer runs any more.
    clock.advance(by: Self.interval)
    await store.receive(.load(.poll)) { $0.load.polling?.timer = .due }
    clock.advance(by: .seconds(3_600))
    #expect(clock.sleeperCount == 0)
    #expect(calls.values.count == 1)

    // Shown again: the poll that fell due runs at once, then the timer resumes.
    await store.send(.load(.shown)) {
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.polling?.isShown = true
      $0.load.polling?.timer = .stopped
    }
    await store.receive(.load(.loaded(["2"]))) {
      $0.load.phase = Self.content(2)
      $0.load.startsLoad = false
      $0.load.asksNetworkFirst = false
      $0.load.polling?.timer = .waiting
      $0.load.polling?.startsTimer = true
    }
    await clock.sleepers(count: 1)
    await hideAndStop(store)
    #expect(calls.values.count == 2)
  }

  @Test func shownAgainBeforeTheTimerFiresTheTimerGoesOn() async {
    let store = makeStore()
    await showAndLoad(store)
    clock.advance(by: .seconds(20))
    await store.send(.load(.hidden)) {
      $0.load.polling?.isShown = false
      $0.load.polling?.startsTimer = false
    }
    clock.advance(by: .seconds(20))
    await store.send(.load(.shown)) { $0.load.polling?.isShown = true }
    #expect(calls.values.count == 1)

    // The timer started with the answer still runs: it fires one interval after it.
    clock.advance(by: .seconds(20))
    await store.receive(.load(.poll)) {
      $0.load.startsLoad = true
      $0.load.asksNetworkFirst = true
      $0.load.polling?.timer = .stopped
    }
    await store.receive(.load(.loaded(["2"]))) {
      $0.load.phase = Self.content(2)
      $0.load.startsLoad = false
      $0.load.asksNetworkFirst = false
      $0.load.polling?.timer = .waiting
      $0.load.polling?.startsTimer = true
    }
    await clock.sleepers(count: 1)
    await hideAndStop(store)
  }

  @Test func aScreenNeverShownNeverPolls() async {
    // The CLI sends `.appear` and never `.shown`: the load answers and no timer starts.
    let store = makeStore()
    await store.send(.load(.appear)) {
      $0.load.phase = .loading
      $0.load.startsLoad = true
    }
    await store.receive(.load(.loaded(["1"]))) {
      $0.load.phase = Self.content(1)
      $0.load.startsLoad = false
    }
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func theIntervalIsAtLeastOneSecond() {
    #expect(LoadPolling(every: .zero).interval == .seconds(1))
    #expect(LoadPolling(every: .seconds(-5)).interval == .seconds(1))
    #expect(LoadPolling(every: .seconds(300)).interval == .seconds(300))
  }

  @Test func theModuleTellsAPollingScreenWhenItIsShownAndHidden() throws {
    var state = SampleFeature.State()
    state.load.polling = LoadPolling(every: Self.interval)
    let polling = FeatureModule<SampleFeature.State, SampleFeature.Action>.loadingScreen(
      \.load, action: SampleFeature.Action.load, key: "menu", title: "Menu", initialState: state,
      reducer: SampleFeature.reducer, load: { [] },
      present: SampleFeature.present)
    let receive = try #require(polling.receive)
    #expect(receive(.appear) == .load(.shown))
    #expect(receive(.disappear) == .load(.hidden))
    #expect(receive(.reconnected) == .load(.reconnected))
    #expect(receive(.refreshAll) == .load(.refresh))

    // A screen that does not poll keeps `.appear` and hears nothing when hidden.
    let plain = try #require(SampleFeature.module(load: { [] }).receive)
    #expect(plain(.appear) == .load(.appear))
    #expect(plain(.disappear) == nil)
    #expect(plain(.reconnected) == .load(.reconnected))
  }
}
