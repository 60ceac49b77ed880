import FeatureKit
import Presentation

extension SampleFeature {
  /// The screen: nothing yet or no dishes (an empty hint), a spinner while loading, the error with Retry, or the
  /// dishes, the highlighted one marked, each a button that highlights it.
  public static func present(_ state: State) -> ViewNode<Action> {
    switch state.load.phase {
    case .idle, .empty: .empty("No menu.")
    case .loading: .spinner("Loading the menu...")
    case .failed(let message): .error(message: message, retry: .load(.retry))
    case .loaded(let content):
      .stack(
        content.dishes.map { dish in
          .button(label: dish == state.highlighted ? "> \(dish)" : dish, action: .highlight(dish))
        })
    }
  }
}
