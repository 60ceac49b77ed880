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

  @Test func subscribersOfOneScopeShareOneMappingPerAction() {
    let store = makeStore()
    let mapped = Recorder<Int>()
    let left = store.scope(
      state: { (app: App) -> Counter in
        mapped.append(app.left.count)
        return app.left
      }, action: AppAction.left, partition: 0)
    let seen = Recorder<String>()
    let subscriptions = ["a", "b", "c"].map { name in
      left.subscribe(select: { $0.count }) { seen.append("\(name)\($0)") }
    }
    #expect(store.subscriberCount == 3)
    #expect(mapped.values.count == 3)  // each subscriber starts with the child state
    store.dispatch(.left(.increment))
    #expect(mapped.values.count == 4)  // one mapping for the action, whatever the number of subscribers
    #expect(seen.values == ["a0", "b0", "c0", "a1", "b1", "c1"])

    subscriptions[1].cancel()
    store.dispatch(.left(.increment))
    #expect(seen.values.suffix(2) == ["a2", "c2"])
    #expect(store.subscriberCount == 2)
    subscriptions[0].cancel()
    subscriptions[2].cancel()
    #expect(store.subscriberCount == 0)
    store.dispatch(.left(.increment))
    #expect(mapped.values.count == 5)  // unregistered with its last subscriber: no mapping any more
  }

  @Test func aScopedSubscriberThatSubscribesWhileStartingKeepsItsOwnSubscription() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: AppAction.left, partition: 0)
    let seen = Recorder<String>()
    let inner = SubscriptionHolder()
    let outer = left.subscribe(select: { $0.count }) { count in
      seen.append("outer\(count)")
      if inner.subscription == nil {
        inner.subscription = left.subscribe(select: { $0.count }) { seen.append("inner\($0)") }
      }
    }
    #expect(store.subscriberCount == 2)
    outer.cancel()  // must remove the outer subscriber, not the one it created
    store.dispatch(.left(.increment))
    #expect(seen.values == ["outer0", "inner0", "inner1"])
    inner.subscription?.cancel()
    #expect(store.subscriberCount == 0)
  }

  @Test func aScopedSubscriberMayCancelItselfAndAnotherMayJoinWhileNotified() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: AppAction.left, partition: 0)
    let seen = Recorder<String>()
    let holder = SubscriptionHolder()
    holder.subscription = left.subscribe(select: { $0.count }) { count in
      seen.append("once\(count)")
      if count == 1 {
        holder.subscription?.cancel()
        left.subscribe(select: { $0.count }) { seen.append("late\($0)") }
      }
    }
    store.dispatch(.left(.increment))
    store.dispatch(.left(.increment))
    #expect(seen.values == ["once0", "once1", "late1", "late2"])
    #expect(store.subscriberCount == 1)
  }
}

/// Lets a subscriber's own callback reach its subscription.
final class SubscriptionHolder: @unchecked Sendable {
  // @unchecked: set before the first action and read under the store's dispatch lock.
  var subscription: Subscription?
}
