import Core
import Testing

@Suite struct MiddlewareTests {
  @Test func seesActionBeforeAndStateAfterNext() {
    let seen = Recorder<String>()
    let spy = Middleware<Counter, CounterAction> { context, action, next in
      seen.append("before \(action) count=\(context.state.count)")
      next(action)
      seen.append("after count=\(context.state.count)")
    }
    let store = Store(initialState: Counter(), reducer: counterReducer, middlewares: [spy])
    store.dispatch(.add(5))
    #expect(seen.values == ["before add(5) count=0", "after count=5"])
  }

  @Test func canTransformAndSwallow() {
    let rewrite = Middleware<Counter, CounterAction> { _, action, next in
      switch action {
      case .bumpOther: return  // swallowed
      case .increment: next(.add(100))  // transformed
      default: next(action)
      }
    }
    let store = Store(initialState: Counter(), reducer: counterReducer, middlewares: [rewrite])
    store.dispatch(.bumpOther)
    store.dispatch(.increment)
    store.dispatch(.add(1))
    #expect(store.state == Counter(count: 101, other: 0))
  }

  @Test func runInOrderOutermostFirst() {
    let order = Recorder<String>()
    func tag(_ name: String) -> Middleware<Counter, CounterAction> {
      Middleware { _, action, next in
        order.append("\(name) in")
        next(action)
        order.append("\(name) out")
      }
    }
    let store = Store(initialState: Counter(), reducer: counterReducer, middlewares: [tag("a"), tag("b")])
    store.dispatch(.increment)
    #expect(order.values == ["a in", "b in", "b out", "a out"])
  }

  @Test func dispatchFromMiddlewareIsQueuedAfterTheCurrentAction() {
    let follow = Middleware<Counter, CounterAction>.after { context, action in
      if action == .increment {
        context.dispatch(.note("followed \(context.state.count)"))
      }
    }
    let order = Recorder<String>()
    let store = Store(initialState: Counter(), reducer: counterReducer, middlewares: [follow])
    store.subscribe(select: \.count) { order.append("count \($0)") }
    store.subscribe(select: \.log) { order.append("log \($0)") }
    store.dispatch(.increment)
    #expect(store.state.log == ["followed 1"])
    #expect(order.values == ["count 0", "log []", "count 1", "log [\"followed 1\"]"])
  }

  @Test func liftedMiddlewareSeesOnlyItsOwnActionsAndChildState() {
    struct Parent: Equatable, Sendable {
      var child = Counter()
      var untouched = 0
    }
    enum ParentAction: Equatable, Sendable {
      case child(CounterAction)
      case other
    }
    let seen = Recorder<String>()
    let childMiddleware = Middleware<Counter, CounterAction> { context, action, next in
      next(action)
      seen.append("\(action) -> \(context.state.count)")
      if action == .increment { context.dispatch(.note("from child")) }
    }
    let lifted = childMiddleware.lift(
      state: { (parent: Parent) in parent.child },
      extract: { (action: ParentAction) -> CounterAction? in
        if case .child(let a) = action { return a }
        return nil
      },
      embed: { ParentAction.child($0) }
    )
    let reducer = Reducer<Parent, ParentAction> { state, action in
      switch action {
      case .child(let a): counterReducer.reduce(&state.child, a)
      case .other: state.untouched += 1
      }
    }
    let store = Store(initialState: Parent(), reducer: reducer, middlewares: [lifted])
    store.dispatch(.other)
    store.dispatch(.child(.increment))
    #expect(seen.values == ["increment -> 1", "note(\"from child\") -> 1"])
    #expect(store.state.child.log == ["from child"])
    #expect(store.state.untouched == 1)
  }
}
