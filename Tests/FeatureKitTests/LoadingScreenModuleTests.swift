import Core
import CoreTesting
import FeatureAssembly
import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import Presentation
import Testing

/// `FeatureModule.loadingScreen(...)`: the module a loading screen is, mounted in an app.
@Suite struct LoadingScreenModuleTests {
  @Test func itIsATabWithTheLoadMiddlewareAndTheFeaturesOwn() {
    let own = Middleware<SampleFeature.State, SampleFeature.Action>.after { _, _ in }
    let module = SampleFeature.module(load: { [] }, middlewares: [own])

    #expect(module.key == "menu")
    #expect(module.title == "Menu")
    #expect(module.initialState == SampleFeature.State())
    #expect(module.placement == .tab)
    #expect(module.middlewares.count == 2)
    #expect(module.commands.map(\.path) == [[], ["highlight"]])
    #expect(module.description == SampleFeature.description)
    #expect(module.present?(SampleFeature.State(load: ScreenLoad(phase: .loading))) == .spinner("Loading the menu..."))
  }

  /// Issue 26: `--json` did not say where the data came from. A loading screen's commands end their JSON object
  /// with `origin` and `fetched_at`; a failure stays a failure.
  @Test func everyCommandsJSONEndsWithWhereItsDataCameFrom() throws {
    let command = FeatureCommand<SampleFeature.State, SampleFeature.Action>(
      path: [], abstract: "The menu.", actions: { _ in [] },
      output: { state, _ in
        guard let dishes = state.load.content?.dishes else { return .failure("no menu") }
        return .success(view: .text("menu"), json: .object([("dishes", .array(dishes.map { .string($0) }))]))
      })
    let module = FeatureModule<SampleFeature.State, SampleFeature.Action>.loadingScreen(
      \.load, action: SampleFeature.Action.load, key: "menu", title: "Menu", initialState: SampleFeature.State(),
      reducer: SampleFeature.reducer, load: { [] },
      present: SampleFeature.present, commands: [command])
    let output = try #require(module.commands.first?.output)
    func json(_ origin: DataOrigin) -> String? {
      let state = SampleFeature.State(load: ScreenLoad(phase: .loaded(.init(["ramen"])), origin: origin))
      guard case .success(_, let json) = output(state, CommandInput()) else { return nil }
      return json.text
    }
    let epoch = Date(timeIntervalSince1970: 0)
    #expect(json(.network) == #"{"dishes":["ramen"],"origin":"network","fetched_at":null}"#)
    #expect(
      json(.cache(fetchedAt: epoch)) == #"{"dishes":["ramen"],"origin":"cache","fetched_at":"1970-01-01T00:00:00Z"}"#)
    #expect(json(.stale(fetchedAt: epoch, age: 60))?.contains(#""origin":"stale""#) == true)
    #expect(json(.offline(fetchedAt: epoch, reason: "down"))?.contains(#""origin":"offline""#) == true)
    guard case .failure(let reason) = output(SampleFeature.State(), CommandInput()) else {
      Issue.record("a failure must stay a failure")
      return
    }
    #expect(reason == "no menu")
  }

  @Test func appearLoadsAndRefreshAllReloads() {
    let module = SampleFeature.module(load: { [] })

    #expect(module.receive?(.appear) == .load(.appear))
    #expect(module.receive?(.refreshAll) == .load(.refresh))
    #expect(module.receive?(.launch) == nil)
    #expect(module.receive?(.terminate) == nil)
  }

  @Test func mountedItLoadsOnceOnAppearAndAgainOnRefreshAll() async throws {
    let kitchen = ManualLoad()
    let app = try FeatureRegistry([SampleFeature.module(load: kitchen.load).erased]).assemble()
    let slot = try #require(app.features.first?.slot)
    func menu() -> SampleFeature.State? { app.store.state["menu", as: SampleFeature.State.self] }

    app.appear(slot: slot)
    app.appear(slot: slot)  // shown again while loading: nothing more starts
    await kitchen.started(1)
    #expect(menu()?.load == ScreenLoad(phase: .loading))
    kitchen.answer(1, with: ["ramen"])
    await app.store.settled()
    #expect(menu()?.load.content?.dishes == ["ramen"])
    app.appear(slot: slot)  // shown again once loaded: nothing starts

    app.send(.refreshAll)
    await kitchen.started(2)
    kitchen.answer(2, with: ["ramen", "gyoza"])
    await app.store.settled()
    #expect(menu()?.load.content?.dishes == ["ramen", "gyoza"])
    #expect(kitchen.calls == 2)
  }

  @Test func theLoadEffectIsNamedAfterTheKey() async throws {
    let kitchen = ManualLoad()
    let app = try FeatureRegistry([SampleFeature.module(load: kitchen.load).erased]).assemble()

    app.appear(slot: try #require(app.features.first?.slot))
    await kitchen.started(1)
    app.store.cancel(id: EffectID("menu.load").namespaced("menu"))
    await app.store.settled()
    #expect(kitchen.cancelled == [1])
    #expect(app.store.state["menu", as: SampleFeature.State.self]?.load.phase == .loading)
  }

  @Test func replayingTheActionsRebuildsTheDecisionsWithoutLoading() throws {
    let calls = Recorder<String>()
    let module = SampleFeature.module(load: {
      calls.append("load")
      return []
    })
    let app = try FeatureRegistry([module.erased]).assemble(mode: .replay)
    func send(_ action: SampleFeature.Action) -> ScreenLoad<SampleFeature.Content>? {
      app.store.dispatch(.feature(slot: 0, action: action))
      return app.store.state["menu", as: SampleFeature.State.self]?.load
    }

    #expect(send(.load(.appear)) == ScreenLoad(phase: .loading, startsLoad: true))
    #expect(send(.load(.appear)) == ScreenLoad(phase: .loading))
    #expect(send(.load(.loaded(["ramen"]))) == ScreenLoad(phase: .loaded(SampleFeature.Content(["ramen"]))))
    #expect(calls.values.isEmpty)
  }

  @Test func loadedContentFromTheCacheIsAnnotatedWithWhereItCameFrom() throws {
    let module = SampleFeature.module(load: { [] })
    let present = try #require(module.present)
    let dishes = ViewNode<SampleFeature.Action>.stack([.button(label: "ramen", action: .highlight("ramen"))])
    let today = Calendar.current.date(bySettingHour: 14, minute: 32, second: 0, of: Date())!
    func state(_ phase: LoadPhase<SampleFeature.Content>, _ origin: DataOrigin) -> SampleFeature.State {
      SampleFeature.State(load: ScreenLoad(phase: phase, origin: origin))
    }
    let offline = DataOrigin.offline(fetchedAt: today, reason: "refused")
    let loaded = LoadPhase.loaded(SampleFeature.Content(["ramen"]))

    #expect(present(state(loaded, .network)) == dishes)
    #expect(present(state(loaded, .cache(fetchedAt: today))) == dishes)
    #expect(
      present(state(loaded, .stale(fetchedAt: today, age: 300)))
        == .stack([.text("stale - 5 min old - refreshing...", .secondary), dishes]))
    #expect(
      present(state(loaded, offline))
        == .stack([.text("offline - as of 14:32", .danger), .button(label: "Retry", action: .load(.retry)), dishes]))
    // Only loaded content is annotated: a Refresh from offline content shows the spinner, not the old note.
    #expect(present(state(.loading, offline)) == .spinner("Loading the menu..."))
    #expect(present(state(.failed("down"), offline)) == .error(message: "down", retry: .load(.retry)))
  }

  /// Issue 39, item 2: a screen that is its load and nothing more (what `make feature` writes) has the kit's own
  /// state and actions and no reducer of its own; `.loadingScreen` without a reducer reduces with `ScreenLoad.reduce`.
  @Test func aScreenThatIsItsLoadNeedsNoReducerStateOrActionOfItsOwn() async {
    typealias Menu = SampleFeature.Content
    let module = FeatureModule<ScreenLoad<Menu>, LoadAction<Menu.Response>>.loadingScreen(
      key: "menu", title: "Menu", load: { ["ramen"] }, present: { _ in .text("menu") })
    let store = TestStore(module: module)

    await store.send(.appear) { $0 = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.loaded(["ramen"])) { $0 = ScreenLoad(phase: .loaded(Menu(["ramen"]))) }
    await store.finish()
    #expect(module.placement == .tab)
    #expect(module.receive?(.appear) == .appear)
    #expect(module.receive?(.refreshAll) == .refresh)
  }

  /// Issue 39, item 2: with no screen (`make feature TAB=no`) the loading screen is commands only: no tab, and no
  /// app event reaches it (a refresh-all in the TUI must not load a feature nobody sees).
  @Test func withoutAScreenItHasNoTabAndHearsNoEvent() {
    let module = SampleFeature.module(load: { [] })
    let commandsOnly = FeatureModule<SampleFeature.State, SampleFeature.Action>.loadingScreen(
      \.load, action: SampleFeature.Action.load, key: "menu", title: "Menu", initialState: SampleFeature.State(),
      reducer: SampleFeature.reducer, load: { [] },
      commands: module.commands)

    #expect(commandsOnly.present == nil)
    #expect(commandsOnly.receive == nil)
    #expect(commandsOnly.description.screen == nil)
    #expect(commandsOnly.middlewares.count == 1)
  }
}
