import Core
import FeatureKit
import Presentation

/// A test-only feature that proves the plugin contract end to end: state, actions, reducer, a middleware with an
/// effect, presentation, commands, persistence, and the app events it accepts.
enum CounterFeature {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var step = 1
    var refreshes = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case increment
    case add(Int)
    case incrementLater
    case refresh
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .increment: state.count += state.step
    case .add(let n): state.count += n
    case .incrementLater: break
    case .refresh: state.refreshes += 1
    }
  }

  /// Starts an effect that increments once it runs; a newer request replaces an older one.
  static let delayed = Middleware<State, Action>.after { context, action in
    guard action == .incrementLater else { return }
    context.run(id: "later", cancelInFlight: true) { send in
      await Task.yield()
      send(.increment)
    }
  }

  static func module(key: String = "counter") -> FeatureModule<State, Action> {
    FeatureModule(
      key: key,
      title: "Counter",
      initialState: State(),
      reducer: reducer,
      middlewares: [delayed],
      present: { state in
        .stack([
          .text("Count: \(state.count)", .title),
          .button(label: "Increment", action: .increment),
        ])
      },
      commands: [
        FeatureCommand(
          path: [],
          abstract: "Show the count.",
          actions: { _ in [] },
          output: { state, _ in .success(view: .text("\(state.count)"), json: .object([("count", .int(state.count))])) }
        ),
        FeatureCommand(
          path: ["add"],
          abstract: "Add to the count.",
          arguments: [.positional("amount", help: "How much to add")],
          actions: { input in
            guard let amount = try input.integer("amount", in: -1_000_000...1_000_000) else {
              throw CommandError.usage("amount is required")
            }
            return [.add(amount)]
          },
          output: { state, _ in .success(view: .text("\(state.count)"), json: .int(state.count)) }
        ),
      ],
      persistence: .property(\.count),
      receive: { event in event == .refreshAll ? .refresh : nil }
    )
  }
}

/// A second test-only feature, screenless, that hears the app starting and every refresh: what a feature sees of
/// the app beyond its own actions.
enum ListenerFeature {
  struct State: Equatable, Codable, Sendable {
    var heard: [String] = []
  }

  enum Action: Equatable, Codable, Sendable {
    case heard(String)
  }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(
      key: "listener",
      title: "Listener",
      initialState: State(),
      reducer: Reducer { state, action in
        guard case .heard(let event) = action else { return }
        state.heard.append(event)
      },
      receive: { event in
        switch event {
        case .launch: .heard("launch")
        case .refreshAll: .heard("refreshAll")
        case .appear, .terminate, .disappear, .reconnected, .dataChanged: nil
        }
      }
    )
  }
}
