import Core
import FeatureAssembly
import FeatureKit
import Foundation
import Presentation
import Sessions
import Synchronization

/// Test features for recorded sessions: a search with a follow-up and an effect answer, a counter, and a feature
/// whose `Codable` loses a property.
enum Fixtures {
  /// A search: `.typed` starts a search (a follow-up `.searching`, then the effect's `.loaded`); `.launch` arrives
  /// as `.launched`.
  enum SearchFeature {
    struct State: Equatable, Codable, Sendable {
      var query = ""
      var searching = false
      var results: [String] = []
      var launched = false
      var notice: String?
      var loadedAt: Date?
    }

    enum Action: Equatable, Codable, Sendable {
      case launched
      case typed(String)
      case searching
      case loaded([String], at: Date)
      case notice(String?)
    }

    static let reducer = Reducer<State, Action> { state, action in
      switch action {
      case .launched: state.launched = true
      case .typed(let query): state.query = query
      case .searching: state.searching = true
      case .loaded(let results, let at):
        state.searching = false
        state.results = results
        state.loadedAt = at
      case .notice(let text): state.notice = text
      }
    }

    static let answeredAt = Date(timeIntervalSinceReferenceDate: 786_543_210.123_456)

    static func module() -> FeatureModule<State, Action> {
      FeatureModule(
        key: "search", title: "Search", initialState: State(), reducer: reducer,
        middlewares: [
          .after { context, action in
            guard case .typed(let query) = action else { return }
            context.dispatch(.searching)
            context.run(id: "search", cancelInFlight: true) { send in
              send(.loaded(["\(query) 1", "\(query) 2"], at: answeredAt))
            }
          }
        ],
        present: { state in .text(state.query) },
        receive: { $0 == .launch ? .launched : nil })
    }
  }

  /// A counter, mounted twice in the test app.
  enum CounterFeature {
    struct State: Equatable, Codable, Sendable { var count = 0 }
    enum Action: Equatable, Codable, Sendable { case add(Int) }
    /// Total: a recording may add any amounts (the fuzz suite's do), and a reducer that traps would end the tests.
    static let reducer = Reducer<State, Action> { state, action in
      switch action {
      case .add(let amount): state.count &+= amount
      }
    }
    static func module() -> FeatureModule<State, Action> {
      FeatureModule(
        key: "counter", title: "Counter", initialState: State(), reducer: reducer, persistence: .property(\.count))
    }
  }

  /// A feature whose state's JSON leaves a property out: a test written from it could never pass.
  enum LossyFeature {
    struct State: Equatable, Codable, Sendable {
      var kept = 0
      var dropped = 0
      enum CodingKeys: String, CodingKey { case kept }
    }
    enum Action: Equatable, Codable, Sendable { case bump }
    static let reducer = Reducer<State, Action> { state, _ in
      state.kept += 1
      state.dropped += 1
    }
    static func module() -> FeatureModule<State, Action> {
      FeatureModule(key: "lossy", title: "Lossy", initialState: State(), reducer: reducer)
    }
  }

  static func registry() throws -> FeatureRegistry {
    try FeatureRegistry([
      SearchFeature.module().erased,
      CounterFeature.module().erased,
      CounterFeature.module().mounted(as: "tally", title: "Tally") { $0.count = 100 }.erased,
      LossyFeature.module().erased,
    ])
  }

  /// A temporary file path, removed when released.
  final class TemporaryFile: Sendable {
    let path = NSTemporaryDirectory() + "kumiki-sessions-\(UUID().uuidString).jsonl"
    deinit { try? FileManager.default.removeItem(atPath: path) }
    var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
  }

  /// Records a session of the test app: launch, a search, the counters, a notice shown and dismissed; returns the
  /// live app (settled) and the recording's file. The texts (the header's app and version, what is typed and
  /// noticed) can be given, to record hostile ones.
  static func recordSession(
    features: [String] = [], now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_253_400) },
    app name: String = "test-app", version: String = "9.9",
    texts: (query: String, notice: String, second: String) = ("カレー", "offline \"#tag\"", "鯛")
  ) async throws -> (app: AppRuntime, file: TemporaryFile) {
    let file = TemporaryFile()
    let recorder = try SessionRecorder(path: file.path, app: name, version: version, now: now)
    let app = try registry().selecting(features).assemble(middlewares: [recorder.middleware])
    await app.launch()  // before attach: kept, and written once attached
    recorder.attach(to: app)
    let search = app.features.first { $0.key == "search" }?.slot
    let counter = app.features.first { $0.key == "counter" }?.slot
    if let search {
      app.store.dispatch(.feature(slot: search, action: SearchFeature.Action.typed(texts.query)))
      await app.store.settled()
      app.store.dispatch(.feature(slot: search, action: SearchFeature.Action.notice(texts.notice)))
    }
    if let counter { app.store.dispatch(.feature(slot: counter, action: CounterFeature.Action.add(3))) }
    if let search {
      app.store.dispatch(.feature(slot: search, action: SearchFeature.Action.notice(nil)))
      app.store.dispatch(.feature(slot: search, action: SearchFeature.Action.typed(texts.second)))
    }
    await app.store.settled()
    recorder.file.close()
    return (app, file)
  }

  /// The test app assembled for replaying.
  static func replayApp(_ features: [String] = []) throws -> AppRuntime {
    try registry().selecting(features).assemble(mode: .replay)
  }
}
