import Core
import Dispatch
import FeatureAssembly
import FeatureKit
import TUI

/// The state-size workloads of `kumiki-bench store` (`s100`, `s100k`): one feature whose state holds a list of
/// 100 or 100,000 items, and an action that changes one of them, dispatched through everything that watches a
/// feature in the apps — the router with a feature middleware reading the state after the reducer, the TUI's
/// watch of the feature on view (``FeatureKit/AppState/slice(at:)``), a selector subscriber, the persisted-state
/// save subscriber (started by `launch()` over in-memory storage) and DevTools recording every action. What an
/// action costs must not depend on how many items the state holds: no copy-on-write copy of the slice on the
/// dispatch path.
enum StateSizeBench {
  /// Builds the app for a list of `items` items.
  static func app(items: Int) -> (app: AppRuntime, devTools: DevTools) {
    let devTools = DevTools()
    let storage = FeatureStateStorage(load: { _ in nil }, save: { _, _, _ in })
    let registry = try! FeatureRegistry([BenchList.module(items: items).erased])
    let app = registry.assemble(storage: storage, middlewares: [devTools.middleware])
    let launched = DispatchSemaphore(value: 0)
    Task {
      _ = await app.launch()
      launched.signal()
    }
    launched.wait()
    let store = app.store
    store.subscribe(partition: 0, select: { $0.slice(at: 0) }) { _ in }  // the TUI's watch of a tab on view
    store.subscribe(partition: 0, select: { $0[slot: 0, as: BenchList.State.self]?.cursor }) { _ in }
    return (app, devTools)
  }
}

/// A feature holding a list: state `{items, cursor, query}`, action "toggle the item under the cursor and move
/// down" (one item changes per action). Persists its query, as a search screen persists its keyword.
enum BenchList {
  struct Item: Equatable, Codable, Sendable {
    var id: Int
    var title: String
    var done = false
  }

  struct State: Equatable, Codable, Sendable {
    var items: [Item]
    var cursor = 0
    var query = "カレー"
  }

  enum Action: Equatable, Codable, Sendable {
    case toggleNext
  }

  static func module(items count: Int) -> FeatureModule<State, Action> {
    FeatureModule(
      key: "list",
      title: "List",
      initialState: State(items: (0..<count).map { Item(id: $0, title: "Item number \($0) of the list") }),
      reducer: Reducer { state, _ in
        state.items[state.cursor].done.toggle()
        state.cursor = state.cursor + 1 == state.items.count ? 0 : state.cursor + 1
      },
      // A feature middleware reading the state after the reducer, as the features' `after` middlewares do.
      middlewares: [
        Middleware { context, action, next in
          next(action)
          _ = context.state.cursor
        }
      ],
      persistence: .property(\.query)
    )
  }

  /// Items marked done, printed so the work cannot be optimised away.
  static func checksum(_ app: AppRuntime) -> Int {
    app.store.state[slot: 0, as: State.self]?.items.reduce(0) { $0 + ($1.done ? 1 : 0) } ?? 0
  }
}
