import Core
import CoreTesting
import Testing

@Suite("Test clock and debounced effects", .timeLimit(.minutes(1)))
struct TestClockTests {
  @Test("sleeps wake in deadline order when time is advanced past them, and not before")
  func wakesInOrder() async throws {
    let clock = TestClock()
    let woken = Recorder<Int>()
    let start = clock.now
    let sleepers = [300, 100, 200].map { milliseconds in
      Task {
        try await clock.sleep(until: start.advanced(by: .milliseconds(milliseconds)))
        woken.append(milliseconds)
      }
    }
    await clock.sleepers(count: 3)
    clock.advance(by: .milliseconds(99))
    #expect(clock.sleeperCount == 3)
    clock.advance(by: .milliseconds(101))
    for sleeper in sleepers.dropFirst() { try await sleeper.value }
    #expect(woken.values == [100, 200])
    #expect(clock.sleeperCount == 1)
    clock.run()
    try await sleepers[0].value
    #expect(woken.values == [100, 200, 300])
    #expect(clock.now == start.advanced(by: .milliseconds(300)))
  }

  @Test("a deadline already passed returns at once; a cancelled sleep throws CancellationError")
  func pastDeadlineAndCancellation() async throws {
    let clock = TestClock()
    clock.advance(by: .seconds(5))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.sleepers(count: 1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await early.value }
  }

  enum Action: Equatable, Sendable {
    case typed(String)
    case fire(String)
  }

  /// A store that, on each `typed`, runs a debounced effect sending `fire` with the text.
  static func debouncingStore(clock: TestClock) -> TestStore<[String], Action> {
    TestStore(
      initialState: [],
      reducer: Reducer { state, action in
        if case .fire(let text) = action { state.append(text) }
      },
      middlewares: [
        Middleware { context, action, next in
          next(action)
          guard case .typed(let text) = action else { return }
          context.run(id: "typing", debounce: .milliseconds(300)) { send in send(.fire(text)) }
        }
      ],
      clock: clock)
  }

  @Test("a wait for sleeps that never come returns when its task is cancelled, before or after it waits")
  func waitingForSleepersEndsOnCancellation() async {
    let clock = TestClock()
    let waiting = Task { await clock.sleepers(count: 1) }
    waiting.cancel()
    await waiting.value
    let alreadyCancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await clock.sleepers(count: 2)
    }
    await alreadyCancelled.value
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.sleepers(count: 1)
    #expect(clock.sleeperCount == 1)
    sleeper.cancel()
  }

  @Test("run(id:debounce:) runs once, `delay` after the last of several quick calls")
  func debounceRunsOnceAfterTheLastCall() async {
    let clock = TestClock()
    let store = Self.debouncingStore(clock: clock)
    for text in ["c", "ca", "car", "carr", "curry"] {
      await store.send(.typed(text))
      clock.advance(by: .milliseconds(100))
    }
    clock.advance(by: .milliseconds(199))
    #expect(store.state.isEmpty)
    clock.advance(by: .milliseconds(1))
    await store.receive(.fire("curry")) { $0 = ["curry"] }
    await store.finish()
  }

  @Test("the deadline is taken when the effect is decided: advancing at once after the dispatch wakes it")
  func deadlineTakenAtDispatch() async {
    let clock = TestClock()
    let store = Self.debouncingStore(clock: clock)
    await store.send(.typed("now"))
    clock.advance(by: .seconds(1))  // the effect's task may not have started to sleep yet
    await store.receive(.fire("now")) { $0 = ["now"] }
    await store.finish()
  }

  /// A store that, after every action, asks for a timer named by the state's count (`timer.<count>`) with
  /// `runOnce`, as ToastKit asks for the timer of the toast shown.
  static func onceStore(clock: TestClock) -> TestStore<Int, Action> {
    TestStore(
      initialState: 0,
      reducer: Reducer { state, action in
        if case .typed = action { state += 1 }
      },
      middlewares: [
        .after { context, _ in
          let count = context.state
          context.runOnce(id: EffectID("timer.\(count)"), after: .milliseconds(300)) { send in
            send(.fire("\(count)"))
          }
        }
      ],
      clock: clock)
  }

  @Test("runOnce(id:after:) starts once: the actions after the one that started it leave its wait unchanged")
  func runOnceDoesNotRestart() async {
    let clock = TestClock()
    let store = Self.onceStore(clock: clock)
    await store.send(.typed("a")) { $0 = 1 }  // starts timer.1
    clock.advance(by: .milliseconds(200))
    await store.send(.fire("other"))  // timer.1 is in flight: nothing restarts it
    clock.advance(by: .milliseconds(100))
    await store.receive(.fire("1"))  // 300 ms after the first action, not after the second; sent while in flight,
    // its own middleware found timer.1 running and started nothing more.
    await store.send(.typed("b")) { $0 = 2 }  // another id: its own timer
    clock.advance(by: .milliseconds(300))
    await store.receive(.fire("2"))
    await store.finish()
  }

  @Test("the store's clock reaches middlewares: context.clock is the injected one")
  func contextClock() async {
    let clock = TestClock()
    let seen = Recorder<Bool>()
    let store = Store<Int, Int>(
      initialState: 0, reducer: Reducer { state, action in state += action },
      middlewares: [
        Middleware { context, action, next in
          next(action)
          seen.append(context.clock is TestClock)
        }
      ], clock: clock)
    store.dispatch(1)
    #expect(seen.values == [true])
    #expect(store.clock is TestClock)
  }
}
