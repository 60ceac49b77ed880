import Core
import FeatureAssembly
import FeatureKit
import Foundation
import Presentation
import Synchronization
import Testing

@Suite struct FeatureRegistryTests {
  func counter(_ app: AppRuntime, _ key: String = "counter") -> CounterFeature.State? {
    app.store.state[key, as: CounterFeature.State.self]
  }

  func listener(_ app: AppRuntime, _ key: String = "listener") -> [String]? {
    app.store.state[key, as: ListenerFeature.State.self]?.heard
  }

  func slot(_ app: AppRuntime, _ key: String) throws -> Int {
    try #require(app.features.first { $0.key == key }?.slot)
  }

  /// Dispatches a counter action to the feature mounted under `key`.
  func send(_ action: CounterFeature.Action, to key: String = "counter", in app: AppRuntime) throws {
    app.store.dispatch(.feature(slot: try slot(app, key), action: action))
  }

  @Test func actionsReachOnlyTheirOwner() throws {
    let app = try FeatureRegistry([ListenerFeature.module().erased, CounterFeature.module().erased]).assemble()
    try send(.add(5), in: app)
    #expect(counter(app)?.count == 5)
    #expect(listener(app) == [])
  }

  @Test func anActionOfAnotherTypeAddressedToASlotIsIgnored() throws {
    let app = try FeatureRegistry([CounterFeature.module().erased, ListenerFeature.module().erased]).assemble()
    app.store.dispatch(.feature(slot: 0, action: ListenerFeature.Action.heard("x")))  // the listener's action, slot 0
    app.store.dispatch(.feature(slot: 0, action: "increment"))
    #expect(counter(app)?.count == 0)
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.add(2)))  // the exact type: applied
    #expect(counter(app)?.count == 2)
    #expect(listener(app) == [])
  }

  @Test func oneFeatureMountedTwiceHasIndependentStateAndEffects() async throws {
    let base = CounterFeature.module()
    let app = try FeatureRegistry([
      base.erased,
      base.mounted(as: "big", title: "Big counter") { $0.step = 100 }.erased,
    ]).assemble()
    try send(.increment, in: app)
    try send(.increment, to: "big", in: app)
    // Both start an effect with the same id "later" and cancelInFlight: namespaced per mount, neither cancels
    // the other.
    try send(.incrementLater, in: app)
    try send(.incrementLater, to: "big", in: app)
    await app.store.settled()
    #expect(counter(app)?.count == 2)
    #expect(counter(app, "big")?.count == 200)
    #expect(app.features.map(\.title) == ["Counter", "Big counter"])
  }

  @Test func appEventsReachEveryFeatureThatAcceptsThemAndFeatureActionsNoOther() async throws {
    let app = try FeatureRegistry([CounterFeature.module().erased, ListenerFeature.module().erased]).assemble()
    await app.launch()
    #expect(listener(app) == ["launch"])
    #expect(counter(app) == CounterFeature.State())  // the counter does not accept launch
    app.send(.refreshAll)
    #expect(counter(app)?.refreshes == 1)
    #expect(listener(app) == ["launch", "refreshAll"])
    try send(.increment, in: app)
    app.send(.terminate)  // accepted by nobody: no feature's state changes
    #expect(listener(app) == ["launch", "refreshAll"])
    #expect(counter(app) == CounterFeature.State(count: 1, step: 1, refreshes: 1))
  }

  @Test func appearIsSentToTheOneFeatureWhoseScreenAppeared() throws {
    let app = try FeatureRegistry([
      appearingCounter(key: "left").erased, appearingCounter(key: "right").erased, ListenerFeature.module().erased,
    ]).assemble()
    app.appear(slot: try slot(app, "right"))
    #expect(counter(app, "left")?.refreshes == 0)
    #expect(counter(app, "right")?.refreshes == 1)
    app.appear(slot: try slot(app, "listener"))  // the listener ignores `.appear`
    #expect(listener(app) == [])
  }

  /// A counter that counts its screen's appearances as refreshes.
  func appearingCounter(key: String) -> FeatureModule<CounterFeature.State, CounterFeature.Action> {
    var module = CounterFeature.module(key: key)
    module.receive = { $0 == .appear ? .refresh : nil }
    return module
  }

  @Test func subscribersOfOtherFeaturesAreNotEvaluated() throws {
    let app = try FeatureRegistry([CounterFeature.module().erased, ListenerFeature.module().erased]).assemble()
    let listenerSlot = try slot(app, "listener")
    let evaluations = Mutex(0)
    app.store.subscribe(partition: listenerSlot) { state -> [String]? in
      evaluations.withLock { $0 += 1 }
      return state[slot: listenerSlot, as: ListenerFeature.State.self]?.heard
    } onChange: { _ in
    }
    #expect(evaluations.withLock { $0 } == 1)
    for _ in 0..<10 { try send(.add(1), in: app) }
    #expect(evaluations.withLock { $0 } == 1)
    // An app-wide event may change any slice: it is evaluated, and so is the listener's own action that the
    // event becomes (the counter's `.refresh` is not).
    app.send(.refreshAll)
    #expect(evaluations.withLock { $0 } == 3)
  }

  @Test func aTypeErasedSliceChangesWhenItsFeatureReducerRunsAndOnlyThen() throws {
    let app = try FeatureRegistry([CounterFeature.module().erased, ListenerFeature.module().erased]).assemble()
    let counterSlot = try slot(app, "counter")
    let changes = Mutex(0)
    app.store.subscribe(partition: counterSlot, select: { $0.slice(at: counterSlot) }) { _ in
      changes.withLock { $0 += 1 }
    }
    #expect(changes.withLock { $0 } == 1)  // the value at subscription
    try send(.add(2), in: app)
    #expect(changes.withLock { $0 } == 2)
    // Reduced, the state equal: still a change (the token holds no state to compare with, see `slice(at:)`).
    try send(.add(0), in: app)
    #expect(changes.withLock { $0 } == 3)
    app.store.dispatch(.feature(slot: try slot(app, "listener"), action: ListenerFeature.Action.heard("x")))
    #expect(changes.withLock { $0 } == 3)
    let before = app.store.state.slice(at: counterSlot)
    #expect(app.store.state.slice(at: counterSlot) == before)
    try send(.increment, in: app)
    #expect(app.store.state.slice(at: counterSlot) != before)
    #expect(app.store.state.slice(at: try slot(app, "listener")) != before)  // another feature's state
    #expect(changes.withLock { $0 } == 4)
  }

  @Test func selectingFeaturesKeepsRegistryOrderAndRejectsUnknownKeys() throws {
    let registry = try FeatureRegistry([CounterFeature.module().erased, ListenerFeature.module().erased])
    #expect(try registry.selecting(["listener"]).keys == ["listener"])
    #expect(try registry.selecting(["listener", "counter"]).keys == ["counter", "listener"])
    #expect(try registry.selecting([]).keys == ["counter", "listener"])
    #expect(throws: RegistryError.unknownFeature("nope", available: ["counter", "listener"])) {
      try registry.selecting(["nope"])
    }
    #expect(throws: RegistryError.duplicateKey("counter")) {
      try FeatureRegistry([CounterFeature.module().erased, CounterFeature.module().erased])
    }
  }

  @Test func presentationActionsAreAddressedToTheirFeature() throws {
    let app = try FeatureRegistry([ListenerFeature.module().erased, CounterFeature.module().erased]).assemble()
    let slot = try #require(app.features.first { $0.key == "counter" }?.slot)
    #expect(app.features.map(\.hasScreen) == [false, true])
    let view = try #require(app.view(slot: slot))
    #expect(view.plainText == ["Count: 0", "Increment"])
    for action in view.actions { app.store.dispatch(action) }
    #expect(counter(app)?.count == 1)
  }

  /// Issue 26: the カレー mount's help was the archive's. Each mount's commands are built from its own initial state,
  /// and their examples (relative to the key) name the mount.
  @Test func eachMountHasCommandsBuiltFromItsStateWithExamplesNamingIt() throws {
    var module = CounterFeature.module()
    module.makeCommands = { state in
      [
        FeatureCommand(
          path: ["add"], abstract: "Add \(state.step).", examples: ["add \(state.step)", ""],
          arguments: state.step == 1 ? [.flag("twice", help: "Add it twice.")] : [], actions: { _ in [] },
          output: { _, _ in .failure("unused") })
      ]
    }
    let app = try FeatureRegistry([module.erased, module.mounted(as: "big") { $0.step = 100 }.erased]).assemble()
    #expect(app.commands.map(\.words) == [["counter", "add"], ["big", "add"]])
    #expect(app.commands.map(\.examples) == [["counter add 1", "counter"], ["big add 100", "big"]])
    #expect(app.commands.map(\.abstract) == ["Add 1.", "Add 100."])
    #expect(app.commands.map { $0.arguments.map(\.name) } == [["twice"], []])
    #expect(module.mounted(as: "big") { $0.step = 100 }.commands.map(\.abstract) == ["Add 100."])
  }

  @Test func commandsAreNamedByFeatureKeyAndDispatchToIt() throws {
    let app = try FeatureRegistry([CounterFeature.module().mounted(as: "tally").erased]).assemble()
    #expect(app.commands.map(\.words) == [["tally"], ["tally", "add"]])
    let add = app.commands[1]
    for action in try add.actions(CommandInput(values: ["amount": "7"])) { app.store.dispatch(action) }
    guard case .success(_, let json) = add.output(app.store.state, CommandInput()) else {
      Issue.record("expected success")
      return
    }
    #expect(json == .int(7))
    #expect(throws: CommandError.usage("amount must be a whole number, got 'x'")) {
      try add.actions(CommandInput(values: ["amount": "x"]))
    }
  }

  @Test func persistedStateSurvivesIntoASecondApp() async throws {
    let stored = Mutex<[String: (Int, Data)]>([:])
    let storage = FeatureStateStorage(
      load: { key in stored.withLock { $0[key] }.map { (version: $0.0, data: $0.1) } },
      save: { key, version, data in stored.withLock { $0[key] = (version, data) } }
    )
    let registry = try FeatureRegistry([CounterFeature.module().erased])
    let first = registry.assemble(storage: storage)
    await first.launch()
    for n in 1...50 { first.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.add(n))) }
    await first.store.settled()
    // Writes are serial and coalesced: whatever was written in between, the last write is the final value.
    #expect(stored.withLock { $0["counter"]?.1 }.flatMap { String(data: $0, encoding: .utf8) } == "1275")

    let second = registry.assemble(storage: storage)
    #expect(counter(second)?.count == 0)
    await second.launch()
    #expect(counter(second)?.count == 1_275)
  }

  @Test func unreadablePersistedStateIsIgnoredNotFatal() async throws {
    let storage = FeatureStateStorage(
      load: { _ in (version: 1, data: Data("not json".utf8)) },
      save: { _, _, _ in }
    )
    let app = try FeatureRegistry([CounterFeature.module().erased]).assemble(storage: storage)
    #expect(await app.launch().isEmpty)
    #expect(counter(app)?.count == 0)
  }

  @Test func encodedActionsRoundTripAndReplayReproducesState() async throws {
    let registry = try FeatureRegistry([CounterFeature.module().erased, ListenerFeature.module().erased])
    let log = Mutex<[AppAction]>([])
    let recorder = Middleware<AppState, AppAction> { _, action, next in
      next(action)
      log.withLock { $0.append(action) }
    }
    let app = registry.assemble(middlewares: [recorder])
    await app.launch()
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.increment))
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.add(3)))
    app.send(.refreshAll)

    let fresh = registry.assemble(mode: .replay)
    for action in log.withLock({ $0 }) {
      let decoded = try fresh.decode(app.encode(action))
      #expect(decoded == action)
      fresh.store.dispatch(decoded)
    }
    #expect(fresh.store.state == app.store.state)
    // What reached the reducer, in order: each app event, then the feature actions it became.
    #expect(
      log.withLock { $0 }.map(app.describe) == [
        "app: launch", #"listener: heard("launch")"#, "counter: increment", "counter: add(3)", "app: refreshAll",
        "counter: refresh", #"listener: heard("refreshAll")"#,
      ])
  }
}
