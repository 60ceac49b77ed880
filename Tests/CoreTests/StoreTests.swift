import Core
import Foundation
import Synchronization
import Testing

@Suite struct StoreTests {
  @Test func dispatchIsSynchronous() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    store.dispatch(.increment)
    #expect(store.state.count == 1)
    store.dispatch(.add(41))
    #expect(store.state.count == 42)
  }

  @Test func concurrentDispatchesFromManyTasksAreAllApplied() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let seen = Recorder<Int>()
    store.subscribe(select: \.count) { seen.append($0) }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<16 {
        group.addTask {
          for _ in 0..<2_000 { store.dispatch(.increment) }
        }
      }
    }
    #expect(store.state.count == 32_000)
    // Every increment was observed exactly once, in order.
    #expect(seen.values == Array(0...32_000))
  }

  @Test func concurrentDispatchesFromPlainThreadsAreSerialised() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let threads = 4
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let remaining = Atomic<Int>(threads)
      for _ in 0..<threads {
        let thread = Foundation.Thread {
          for _ in 0..<5_000 { store.dispatch(.increment) }
          if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { done.resume() }
        }
        thread.start()
      }
    }
    #expect(store.state.count == 20_000)
  }

  @Test func subscriberGetsCurrentValueThenDistinctChanges() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let seen = Recorder<Int>()
    store.subscribe(select: \.count) { seen.append($0) }
    store.dispatch(.bumpOther)  // count unchanged: not delivered
    store.dispatch(.increment)
    store.dispatch(.add(0))  // unchanged again
    store.dispatch(.add(2))
    #expect(seen.values == [0, 1, 3])
  }

  @Test func dispatchFromSubscriberIsQueuedNotReentrant() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let order = Recorder<String>()
    store.subscribe(select: \.count) { count in
      order.append("saw \(count)")
      if count == 1 {
        store.dispatch(.add(10))
        // Queued: the reducer has not run yet, and no subscriber was called re-entrantly.
        order.append("after nested dispatch, count \(store.state.count)")
      }
    }
    store.dispatch(.increment)
    #expect(store.state.count == 11)
    #expect(order.values == ["saw 0", "saw 1", "after nested dispatch, count 1", "saw 11"])
  }

  @Test func queuedDispatchesKeepTheOrderTheyWereMade() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    store.subscribe(select: \.count) { count in
      if count == 1 {
        store.dispatch(.note("a"))
        store.dispatch(.note("b"))
      }
    }
    store.subscribe(select: \.log) { log in
      if log == ["a"] { store.dispatch(.note("c")) }
    }
    store.dispatch(.increment)
    #expect(store.state.log == ["a", "b", "c"])
  }

  @Test func unsubscribeStopsDelivery() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let seen = Recorder<Int>()
    let subscription = store.subscribe(select: \.count) { seen.append($0) }
    store.dispatch(.increment)
    subscription.cancel()
    store.dispatch(.increment)
    #expect(seen.values == [0, 1])
    #expect(store.subscriberCount == 0)
  }

  @Test func cancellingFromInsideTheSubscriberIsSafe() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let seen = Recorder<Int>()
    let holder = Mutex<Subscription?>(nil)
    let subscription = store.subscribe(select: \.count) { count in
      seen.append(count)
      if count == 2 { holder.withLock { $0 }?.cancel() }
    }
    holder.withLock { $0 = subscription }
    for _ in 0..<4 { store.dispatch(.increment) }
    #expect(seen.values == [0, 1, 2])
  }

  @Test func partitionedSubscribersAreOnlyEvaluatedForTheirPartition() {
    let store = partitionedStore()
    let evaluations = Recorder<String>()
    store.subscribe(
      partition: 0,
      select: { state -> Int in
        evaluations.append("count"); return state.count
      }
    ) { _ in }
    store.subscribe(
      partition: 1,
      select: { state -> Int in
        evaluations.append("other"); return state.other
      }
    ) { _ in }
    store.subscribe(select: { state -> Int in
      evaluations.append("global"); return state.log.count
    }) { _ in }
    let initial = evaluations.values.sorted()
    #expect(initial == ["count", "global", "other"])

    store.dispatch(.increment)
    #expect(Array(evaluations.values.dropFirst(3)).sorted() == ["count", "global"])
    store.dispatch(.bumpOther)
    #expect(Array(evaluations.values.dropFirst(5)).sorted() == ["global", "other"])
    store.dispatch(.note("x"))  // nil partition: everyone
    #expect(Array(evaluations.values.dropFirst(7)).sorted() == ["count", "global", "other"])
  }

  /// A store whose `.increment`/`.add` touch partition 0, `.bumpOther` partition 1 and `.note` any.
  func partitionedStore() -> Store<Counter, CounterAction> {
    Store(
      initialState: Counter(),
      reducer: counterReducer,
      partition: { action in
        switch action {
        case .increment, .add: 0
        case .bumpOther: 1
        case .note: nil
        }
      }
    )
  }

  @Test func aPartitionedSubscriberThatSubscribesWhileStartingKeepsItsOwnSubscription() {
    let store = partitionedStore()
    let seen = Recorder<String>()
    let inner = Mutex<Subscription?>(nil)
    let outer = store.subscribe(partition: 0, select: \.count) { count in
      seen.append("outer\(count)")
      guard inner.withLock({ $0 }) == nil else { return }
      let subscription = store.subscribe(partition: 0, select: \.count) { seen.append("inner\($0)") }
      inner.withLock { $0 = subscription }
    }
    #expect(store.subscriberCount == 2)
    outer.cancel()  // must remove the outer subscriber, not the one it created
    store.dispatch(.increment)
    #expect(seen.values == ["outer0", "inner0", "inner1"])
    inner.withLock { $0 }?.cancel()
    #expect(store.subscriberCount == 0)
  }

  @Test func aPartitionedSubscriberMayCancelItselfAndAnotherMayJoinWhileNotified() {
    let store = partitionedStore()
    let seen = Recorder<String>()
    let holder = Mutex<Subscription?>(nil)
    let subscription = store.subscribe(partition: 0, select: \.count) { count in
      seen.append("once\(count)")
      guard count == 1 else { return }
      holder.withLock { $0 }?.cancel()
      store.subscribe(partition: 0, select: \.count) { seen.append("late\($0)") }
    }
    holder.withLock { $0 = subscription }
    store.dispatch(.increment)
    store.dispatch(.increment)
    #expect(seen.values == ["once0", "once1", "late1", "late2"])
    #expect(store.subscriberCount == 1)
  }

  @Test func valuesStreamDeliversCurrentThenChanges() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let stream = store.values(select: \.count)
    store.dispatch(.increment)
    store.dispatch(.bumpOther)
    store.dispatch(.increment)
    var received: [Int] = []
    for await value in stream {
      received.append(value)
      if received.count == 3 { break }
    }
    #expect(received == [0, 1, 2])
  }

  @Test func valuesStreamEndsItsSubscriptionWhenIterationStops() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    do {
      let stream = store.values(select: \.count)
      for await _ in stream { break }
    }
    #expect(store.subscriberCount == 0)
  }
}
