import FeatureKit
import Presentation

extension SampleFeature {
  /// `kumiki menu` (the dishes) and `kumiki menu highlight DISH`. JSON: `{"dishes":[…],"highlighted":…}` (plus
  /// `origin` and `fetched_at`, which the loading screen adds).
  public static let commands: [FeatureCommand<State, Action>] = [
    FeatureCommand(
      path: [], abstract: "List the dishes.", examples: [""],
      actions: { _ in [.load(.appear)] },
      output: { state, _ in output(state) }),
    FeatureCommand(
      path: ["highlight"], abstract: "Highlight a dish, kept across runs.", examples: ["highlight Curry"],
      arguments: [.positional("dish", help: "The dish's name")],
      actions: { input in
        guard let dish = input["dish"], !dish.isEmpty else { throw CommandError.usage("missing argument <dish>") }
        return [.load(.appear), .highlight(dish)]
      },
      output: { state, _ in output(state) }),
  ]

  /// What both commands print: the dishes (the highlighted one marked), or why there are none.
  static func output(_ state: State) -> CommandOutput {
    let json = JSONValue.object([
      ("dishes", .array(state.load.phase.content?.dishes.map(JSONValue.string) ?? [])),
      ("highlighted", state.highlighted.map(JSONValue.string) ?? .null),
    ])
    switch state.load.phase {
    case .failed(let message): return .failure(message)
    case .idle, .loading, .empty: return .success(view: .empty("No menu."), json: json)
    case .loaded(let content):
      return .success(
        view: .stack(content.dishes.map { .text($0 == state.highlighted ? "> \($0)" : $0) }), json: json)
    }
  }
}
