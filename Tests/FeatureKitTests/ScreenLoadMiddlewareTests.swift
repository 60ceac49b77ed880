import Core
import CoreTesting
import FeatureKit
import FeatureKitTesting
import LoadingScreenKit
import Testing

/// `Middleware.screenLoad(id:state:action:load:)` through a test store: it carries out exactly what the reducer decided.
@Suite struct ScreenLoadMiddlewareTests {
  private func makeStore(
    _ load: @escaping @Sendable () async throws -> [String],
    initialState: SampleFeature.State = SampleFeature.State()
  ) -> TestStore<SampleFeature.State, SampleFeature.Action> {
    TestStore(
      initialState: initialState, reducer: SampleFeature.reducer,
      middlewares: [.screenLoad(id: "menu.load", state: \.load, action: SampleFeature.Action.load, load: load)])
  }

  private static let loading = ScreenLoad<SampleFeature.Content>(phase: .loading, startsLoad: true)
  private static let loadingNetworkFirst = ScreenLoad<SampleFeature.Content>(
    phase: .loading, startsLoad: true, asksNetworkFirst: true)

  private static func loaded(_ dishes: [String]) -> ScreenLoad<SampleFeature.Content> {
    ScreenLoad(phase: .loaded(SampleFeature.Content(dishes)))
  }

  @Test func appearLoadsAndShowsTheContent() async {
    let calls = Recorder<String>()
    let store = makeStore {
      calls.append("load")
      return ["ramen", "gyoza"]
    }

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.receive(.load(.loaded(["ramen", "gyoza"]))) { $0.load = Self.loaded(["ramen", "gyoza"]) }
    await store.finish()
    #expect(calls.values == ["load"])
  }

  @Test func appearWhileLoadingStartsNothing() async {
    let kitchen = ManualLoad()
    let store = makeStore(kitchen.load)

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await kitchen.started(1)
    // The reducer decides the second .appear starts nothing (startsLoad cleared); the middleware only reads that.
    await store.send(.load(.appear)) { $0.load.startsLoad = false }
    kitchen.answer(1, with: ["ramen"])
    await store.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }
    await store.finish()
    #expect(kitchen.calls == 1)
    #expect(kitchen.cancelled.isEmpty)
  }

  @Test(arguments: [
    LoadPhase<SampleFeature.Content>.loaded(SampleFeature.Content(["ramen"])), .empty,
    .failed("The kitchen is closed."),
  ])
  func appearOnceLoadedEmptyOrFailedStartsNothing(_ phase: LoadPhase<SampleFeature.Content>) async {
    let calls = Recorder<String>()
    let store = makeStore(
      {
        calls.append("load")
        return []
      }, initialState: SampleFeature.State(load: ScreenLoad(phase: phase)))

    await store.send(.load(.appear))
    await store.finish()
    #expect(calls.values.isEmpty)
  }

  @Test(arguments: [LoadAction<[String]>.refresh, .retry])
  func refreshOrRetryReplacesTheLoadInFlight(_ again: LoadAction<[String]>) async {
    let kitchen = ManualLoad()
    let store = makeStore(kitchen.load)

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await kitchen.started(1)
    // Still loading, and this action starts a load too, one that asks the network first.
    await store.send(.load(again)) { $0.load.asksNetworkFirst = true }
    await kitchen.started(2)
    kitchen.answer(2, with: ["soba"])
    await store.receive(.load(.loaded(["soba"]))) { $0.load = Self.loaded(["soba"]) }
    await store.finish()  // the replaced load ended cancelled, silently
    #expect(kitchen.calls == 2)
    #expect(kitchen.cancelled == [1])
  }

  @Test func aFailureShowsItsMessageAndRetryLoadsAgain() async {
    let kitchen = ManualLoad()
    let store = makeStore(kitchen.load)

    await store.send(.load(.appear)) { $0.load = Self.loading }
    kitchen.fail(1, with: KitchenClosed())
    await store.receive(.load(.failed("The kitchen is closed."))) {
      $0.load = ScreenLoad(phase: .failed("The kitchen is closed."))
    }
    await store.send(.load(.retry)) { $0.load = Self.loadingNetworkFirst }
    kitchen.answer(2, with: ["udon"])
    await store.receive(.load(.loaded(["udon"]))) { $0.load = Self.loaded(["udon"]) }
    await store.finish()
  }

  @Test func anEmptyAnswerIsTheEmptyPhase() async {
    let store = makeStore { [] }

    await store.send(.load(.refresh)) { $0.load = Self.loadingNetworkFirst }
    await store.receive(.load(.loaded([]))) { $0.load = ScreenLoad(phase: .empty) }
    await store.finish()
  }

  @Test func aCancelledLoadSendsNothing() async {
    let store = makeStore { throw CancellationError() }

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await store.finish()
  }

  @Test func theFeaturesOtherActionsNeverStartALoad() async {
    let kitchen = ManualLoad()
    let store = makeStore(kitchen.load)

    await store.send(.load(.appear)) { $0.load = Self.loading }
    await kitchen.started(1)
    // startsLoad still says what the last *load* action decided; another action is not a load action.
    await store.send(.highlight("ramen")) { $0.highlighted = "ramen" }
    kitchen.answer(1, with: ["ramen"])
    await store.receive(.load(.loaded(["ramen"]))) { $0.load = Self.loaded(["ramen"]) }
    await store.send(.highlight("gyoza")) { $0.highlighted = "gyoza" }
    await store.finish()
    #expect(kitchen.calls == 1)
  }
}
