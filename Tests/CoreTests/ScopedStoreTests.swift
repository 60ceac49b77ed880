import Core
import Testing

@Suite struct ScopedStoreTests {
  struct App: Equatable, Sendable {
    var left = Counter()
    var right = Counter()
  }
  enum AppAction: Equatable, Sendable {
    case left(CounterAction)
    case right(CounterAction)
  }

  static let reducer = Reducer<App, AppAction> { state, action in
    switch action {
    case .left(let a): counterReducer.reduce(&state.left, a)
    case .right(let a): counterReducer.reduce(&state.right, a)
    }
  }

  func makeStore() -> Store<App, AppAction> {
    Store(
      initialState: App(),
      reducer: Self.reducer,
      partition: { action in
        switch action {
        case .left: 0
        case .right: 1
        }
      }
    )
  }

  @Test func scopeReadsAndDispatchesItsOwnSlice() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: AppAction.left, partition: 0)
    let right = store.scope(state: \.right, action: AppAction.right, partition: 1)
    left.dispatch(.increment)
    right.dispatch(.add(7))
    #expect(left.state.count == 1)
    #expect(right.state.count == 7)
    #expect(store.state == App(left: Counter(count: 1), right: Counter(count: 7)))
  }

  @Test func scopedSubscriptionsIgnoreOtherSlices() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: AppAction.left, partition: 0)
    let evaluated = Recorder<Int>()
    left.subscribe(select: { state -> Int in
      evaluated.append(state.count)
      return state.count
    }) { _ in }
    store.dispatch(.right(.increment))
    store.dispatch(.right(.increment))
    store.dispatch(.left(.increment))
    #expect(evaluated.values == [0, 1])
  }

  @Test func nestedScopesCompose() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: AppAction.left, partition: 0)
    let count = left.scope(state: \.count, action: { (n: Int) in CounterAction.add(n) })
    let seen = Recorder<Int>()
    count.subscribe(select: { $0 }) { seen.append($0) }
    count.dispatch(3)
    count.dispatch(4)
    #expect(count.state == 7)
    #expect(seen.values == [0, 3, 7])
  }

  @Test func scopedEffectsSendChildActionsAndSettle() async {
    let store = makeStore()
    let right = store.scope(state: \.right, action: AppAction.right, partition: 1)
    right.run { send in send(.note("done")) }
    await right.settled()
    #expect(store.state.right.log == ["done"])
  }
}
