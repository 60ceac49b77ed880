import ArgumentParser
import Core
import FeatureAssembly
import FeatureKit
import LoadingScreenKit
import MutationKit
import TUI

/// `kumiki-bench store <workload> --actions N`: dispatches N actions through the full registry path (an assembled
/// app, its router middleware, partitioned subscriptions) and prints one line. Re-run under callgrind to count
/// instructions per action; `Benchmarks/bench` does that with two values of N and takes the difference.
struct StoreBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store",
    abstract: "Dispatch actions through an assembled app (workloads a, b1, b2, b3, c, m, k, s100, s100k).",
    discussion: """
      a   one feature, no subscribers
      b1  100 subscribers to the feature's partition selecting a value that does not change
      b2  100 subscribers to the feature's partition selecting a value that changes every action
      b3  100 subscribers to another feature's partition, untouched by the actions
      c   50 registered features, actions round-robin to them
      m   one feature behind 5 pass-through middlewares
      k   a keystroke in a form of a screen built with the kits (a loading screen and a write): each kit's
          middleware sees the action and finds it is not its case
      s100   a feature holding 100 items, one item changed per action, watched as the apps watch it (TUI
             watch, a selector, persisted-state save, DevTools recording)
      s100k  the same with 100,000 items: must cost what s100 does
      """
  )

  enum Workload: String, ExpressibleByArgument, CaseIterable {
    case a, b1, b2, b3, c, m, k, s100, s100k
  }

  @Argument(help: "The workload.")
  var workload: Workload

  @Option(help: "How many actions to dispatch.")
  var actions: Int = 1_000_000

  func run() throws {
    let setup = try BenchApp(workload)
    let clock = ContinuousClock()
    let elapsed = clock.measure { setup.dispatch(actions) }
    let nanoseconds = Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9
    print(
      "store \(workload.rawValue): \(actions) actions, \(format3(nanoseconds / Double(actions))) ns/action"
        + ", checksum \(setup.checksum)")
  }
}

/// The benchmark app for one workload.
struct BenchApp {
  let app: AppRuntime
  let slots: [Int]

  let devTools: DevTools?
  let action: AppAction

  init(_ workload: StoreBench.Workload) throws {
    let features: [AnyFeature]
    switch workload {
    case .s100, .s100k:
      (app, devTools) = StateSizeBench.app(items: workload == .s100 ? 100 : 100_000)
      slots = [0]
      action = AppAction.feature(slot: 0, action: BenchList.Action.toggleNext)
      return
    case .k:
      app = try FeatureRegistry([BenchForm.module(key: "form").erased]).assemble()
      slots = [0]
      devTools = nil
      action = AppAction.feature(slot: 0, action: BenchForm.Action.edit("zqxj"))
      return
    case .a, .b1, .b2: features = [BenchCounter.module(key: "counter").erased]
    case .b3: features = [BenchCounter.module(key: "counter").erased, BenchCounter.module(key: "other").erased]
    case .c: features = (0..<50).map { BenchCounter.module(key: "counter\($0)").erased }
    case .m: features = [BenchCounter.module(key: "counter", passThroughMiddlewares: 5).erased]
    }
    app = try FeatureRegistry(features).assemble()
    slots = workload == .c ? Array(0..<50) : [0]
    devTools = nil
    action = AppAction.feature(slot: 0, action: BenchCounter.Action.increment)
    // Subscribers as a front end makes them: to one feature's partition (its slot), reading from its slice.
    let store = app.store
    for _ in 0..<100 {
      switch workload {
      case .b1: store.subscribe(partition: 0, select: { $0[slot: 0, as: BenchCounter.State.self]?.other }) { _ in }
      case .b2: store.subscribe(partition: 0, select: { $0[slot: 0, as: BenchCounter.State.self]?.count }) { _ in }
      case .b3: store.subscribe(partition: 1, select: { $0[slot: 1, as: BenchCounter.State.self]?.count }) { _ in }
      case .a, .c, .m, .k, .s100, .s100k: break
      }
    }
  }

  func dispatch(_ count: Int) {
    let store = app.store
    if slots.count == 1 {
      let action = self.action
      for _ in 0..<count { store.dispatch(action) }
    } else {
      // Round-robin without a division or a copy of the action per step, so the harness costs what (a)'s does.
      let actions = slots.map { AppAction.feature(slot: $0, action: BenchCounter.Action.increment) }
      actions.withUnsafeBufferPointer { actions in
        var next = 0
        for _ in 0..<count {
          store.dispatch(actions[next])
          next += 1
          if next == actions.count { next = 0 }
        }
      }
    }
  }

  /// Sum of all counters, printed so the work cannot be optimised away and the run can be checked.
  var checksum: Int {
    if devTools != nil { return BenchList.checksum(app) }
    if let form = app.store.state[slot: 0, as: BenchForm.State.self] { return form.edits }
    return app.features.reduce(0) { sum, feature in
      sum + (app.store.state[slot: feature.slot, as: BenchCounter.State.self]?.count ?? 0)
    }
  }
}

/// The benchmark's feature: state `{count, other}`, action "increment count" (the reference workload).
enum BenchCounter {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var other = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case increment
  }

  static func module(key: String, passThroughMiddlewares: Int = 0) -> FeatureModule<State, Action> {
    FeatureModule(
      key: key,
      title: key,
      initialState: State(),
      reducer: Reducer { state, _ in state.count += 1 },
      middlewares: Array(repeating: Middleware { _, action, next in next(action) }, count: passThroughMiddlewares)
    )
  }
}

/// Three decimals, without Foundation.
func format3(_ value: Double) -> String {
  let scaled = (value * 1000).rounded()
  let whole = Int(scaled) / 1000
  let fraction = abs(Int(scaled) % 1000)
  return "\(whole)." + String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
}

/// Workload k's feature: a screen that loads and writes through the kits, as a form over a loaded item is built
/// (`.loadingScreen(\.load, action: Action.load, …)`, `Middleware.mutation(id:state: \.save, action: Action.save, …)`),
/// and the action a keystroke in its form sends, which is neither kit's.
enum BenchForm {
  struct Content: LoadableContent {
    var names: [String]
    init(_ response: [String]) { names = response }
    var isEmpty: Bool { names.isEmpty }
  }

  struct State: Equatable, Codable, Sendable {
    var load = ScreenLoad<Content>()
    var save = Mutation<String, String>()
    var draft = ""
    var edits = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case load(LoadAction<[String]>)
    case save(Mutation<String, String>.Action)
    case edit(String)
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .load(let load): state.load.reduce(load)
    case .save(let save): _ = state.save.reduce(save)
    case .edit(let text):
      state.draft = text
      state.edits += 1
    }
  }

  static func module(key: String) -> FeatureModule<State, Action> {
    let save: Middleware<State, Action> = .mutation(
      id: EffectID("\(key).save"), state: \State.save, action: Action.save, write: { (text: String) in text })
    let names: @Sendable () async throws -> [String] = { [] }
    return FeatureModule<State, Action>.loadingScreen(
      \State.load, action: Action.load, key: key, title: key, initialState: State(), reducer: reducer, load: names,
      middlewares: [save])
  }
}
