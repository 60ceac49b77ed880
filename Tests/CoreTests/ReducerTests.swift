import Core
import Testing

@Suite struct ReducerTests {
  @Test func combineRunsInOrder() {
    let first = Reducer<Counter, CounterAction> { state, _ in state.log.append("first") }
    let second = Reducer<Counter, CounterAction> { state, _ in state.log.append("second") }
    var state = Counter()
    Reducer.combine(first, second).reduce(&state, .increment)
    #expect(state.log == ["first", "second"])
  }

  @Test func liftAppliesOnlyExtractedActionsToTheChild() {
    struct Parent: Equatable {
      var child = Counter()
    }
    enum ParentAction {
      case child(CounterAction)
      case unrelated
    }
    let lifted = counterReducer.lift(
      state: \Parent.child,
      action: { (action: ParentAction) -> CounterAction? in
        if case .child(let a) = action { return a }
        return nil
      }
    )
    var state = Parent()
    lifted.reduce(&state, .child(.add(2)))
    lifted.reduce(&state, .unrelated)
    #expect(state.child.count == 2)
  }
}
