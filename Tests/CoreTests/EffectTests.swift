import Core
import Synchronization
import Testing

@Suite struct EffectTests {
  @Test func settledWaitsForEffectsAndTheEffectsTheyStart() async {
    let chain = Middleware<Counter, CounterAction>.after { context, action in
      guard case .add(let n) = action, n < 3 else { return }
      context.run { send in
        await Task.yield()
        send(.add(n + 1))
      }
    }
    let store = Store(initialState: Counter(), reducer: counterReducer, middlewares: [chain])
    store.dispatch(.add(1))
    await store.settled()
    // add(1) -> effect sends add(2) -> effect sends add(3): 1 + 2 + 3
    #expect(store.state.count == 6)
    #expect(store.effectsInFlight == 0)
  }

  @Test("idle waits for the work an action started, not for the observation it started too; settled waits for both")
  func idleIgnoresObservations() async {
    let (changes, outside) = AsyncStream.makeStream(of: Int.self)
    let load = Middleware<Counter, CounterAction>.after { context, action in
      guard action == .increment else { return }
      context.observe(id: "counter.outside") { send in
        for await n in changes { send(.add(n)) }
      }
      context.run { send in
        await Task.yield()
        send(.note("loaded"))
      }
    }
    let store = Store(initialState: Counter(), reducer: counterReducer, middlewares: [load])
    store.dispatch(.increment)
    await store.idle()
    #expect(store.state.log == ["loaded"])
    #expect(store.effectsInFlight == 1)  // the observation, still waiting for outside changes
    outside.yield(10)
    outside.finish()
    await store.settled()
    #expect(store.state.count == 11)
    #expect(store.effectsInFlight == 0)
  }

  @Test func settledReturnsAtOnceWithNothingInFlight() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    await store.settled()
    #expect(store.effectsInFlight == 0)
  }

  @Test func cancelInFlightDropsTheStaleResult() async {
    // Each search waits for a gate; the first gate opens only after the second search started, so without
    // cancellation the stale result would arrive last and win.
    let gates = GateSet()
    let search = Middleware<Counter, CounterAction>.after { context, action in
      guard case .note(let query) = action, query.hasPrefix("search:") else { return }
      context.run(id: "search", cancelInFlight: true) { send in
        await gates.wait(query)
        send(.note("result for \(query)"))
      }
    }
    let store = Store(initialState: Counter(), reducer: counterReducer, middlewares: [search])
    store.dispatch(.note("search:old"))
    store.dispatch(.note("search:new"))
    gates.open("search:new")
    gates.open("search:old")
    await store.settled()
    #expect(store.state.log == ["search:old", "search:new", "result for search:new"])
  }

  @Test func cancelByIDStopsTheEffectPromptly() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    store.run(id: "forever") { send in
      while !Task.isCancelled { await Task.yield() }
      send(.note("sent after cancel"))
    }
    #expect(store.effectsInFlight == 1)
    store.cancel(id: "forever")
    await store.settled()
    #expect(store.state.log.isEmpty)
  }

  @Test func handleCancelsOneEffect() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let gates = GateSet()
    let first = store.run(id: "same") { send in
      await gates.wait("a")
      send(.note("a"))
    }
    store.run(id: "same") { send in
      await gates.wait("b")
      send(.note("b"))
    }
    first.cancel()
    #expect(first.isCancelled)
    gates.open("a")
    gates.open("b")
    await store.settled()
    #expect(store.state.log == ["b"])
  }
}

/// Named one-shot gates an effect can await, opened by the test. Waiting on an opened gate returns at once.
final class GateSet: Sendable {
  private let state = Mutex<(open: Set<String>, waiting: [String: [CheckedContinuation<Void, Never>]])>(([], [:]))

  func wait(_ name: String) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        if state.open.contains(name) { return true }
        state.waiting[name, default: []].append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  func open(_ name: String) {
    let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.open.insert(name)
      return state.waiting.removeValue(forKey: name) ?? []
    }
    for continuation in waiting { continuation.resume() }
  }
}
