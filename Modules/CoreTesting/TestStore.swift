import Core
import CustomDump
import Synchronization
import Testing

/// A store for tests that asserts every state change and every action produced by middlewares and effects.
///
/// ```swift
/// let store = TestStore(initialState: Archive.State(), reducer: Archive.reducer, middlewares: [...])
/// await store.send(.search("カレー")) { $0.isLoading = true }
/// await store.receive(.results(page)) { $0.isLoading = false; $0.items = page.items }
/// await store.finish()
/// ```
///
/// With ``Exhaustivity/on`` (the default) a test fails when a state change was not described exactly (with a
/// diff), when an action arrived that the test did not `receive`, or when effects are still running at
/// ``finish(timeout:sourceLocation:)`` or when the store is released. ``Exhaustivity/off`` checks only what the
/// assertions mention.
public final class TestStore<State: Sendable & Equatable, Action: Sendable & Equatable>: Sendable {
  /// The real store under test (its reducer is wrapped to record what it sees).
  public let store: Store<State, Action>
  private let recording = ActionRecording<State, Action>()
  private let mode: Mutex<Exhaustivity>
  private let origin: SourceLocation
  /// Set once unfinished effects were reported, so the release check does not report them again.
  private let reportedEffects = Mutex(false)

  /// Creates a test store over a real ``Store`` with the given reducer and middlewares.
  /// - Parameter clock: what the middlewares' effects wait on; pass a ``TestClock`` and advance it to run
  ///   debounced or delayed effects without sleeping.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middlewares: [Middleware<State, Action>] = [],
    clock: any Clock<Duration> = ContinuousClock(),
    exhaustivity: Exhaustivity = .on,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let recording = self.recording
    let reduce = reducer.reduce
    self.store = Store(
      initialState: initialState,
      reducer: Reducer { state, action in
        let before = state
        reduce(&state, action)
        recording.record(.init(action: action, before: before, after: state))
      },
      middlewares: middlewares,
      clock: clock
    )
    self.mode = Mutex(exhaustivity)
    self.origin = sourceLocation
  }

  /// How strictly this store checks. May be changed during a test.
  public var exhaustivity: Exhaustivity {
    get { mode.withLock { $0 } }
    set { mode.withLock { $0 = newValue } }
  }

  /// The current state.
  public var state: State { store.state }

  /// Sends an action and asserts the state change it caused: `update` receives the state before the action and
  /// must turn it into the state after. Omit `update` when the action must not change the state.
  public func send(
    _ action: Action,
    assert update: (@Sendable (inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    if exhaustivity == .on {
      let unhandled = recording.pending
      if !unhandled.isEmpty {
        Issue.record(
          "Must receive \(unhandled.count) action(s) before sending another: \(describe(unhandled.map(\.action)))",
          sourceLocation: sourceLocation
        )
      }
    } else {
      recording.removeAllReceived()
    }
    let before = store.state
    recording.beginSend()
    store.dispatch(action)
    let entry = recording.endSend()
    let after = entry?.after ?? store.state
    check(from: entry?.before ?? before, to: after, update, action: "send(\(describe([action])))", sourceLocation)
  }

  /// Waits for the next action a middleware or effect dispatched and asserts it equals `expected` and changed the
  /// state as `update` describes. Fails when no action arrives before every effect has finished.
  /// In non-exhaustive mode, earlier actions that do not match are skipped.
  public func receive(
    _ expected: Action,
    assert update: (@Sendable (inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    while true {
      if let entry = recording.popReceived() {
        if entry.action == expected {
          check(from: entry.before, to: entry.after, update, action: "receive(\(describe([expected])))", sourceLocation)
          return
        }
        if exhaustivity == .off { continue }
        let difference = diff(expected, entry.action).map { "\n\($0)" } ?? ""
        Issue.record(
          "Received an unexpected action. Expected \(describe([expected])), got \(describe([entry.action]))\(difference)",
          sourceLocation: sourceLocation
        )
        return
      }
      if store.effectsInFlight == 0 && recording.pending.isEmpty {
        Issue.record(
          "Expected to receive \(describe([expected])), but no action arrived and every effect has finished.",
          sourceLocation: sourceLocation
        )
        return
      }
      await recording.waitForActivity { [store] in await store.settled() }
    }
  }

  /// Drops the actions received so far without asserting them.
  public func skipReceivedActions() { recording.removeAllReceived() }

  /// Waits for every effect to finish (failing after `timeout`), then, when exhaustive, fails if received
  /// actions were left unasserted.
  public func finish(timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation) async {
    let finished = await FirstOf.race(
      { [store] in await store.settled() },
      orTimeout: timeout
    )
    if !finished {
      Issue.record(
        "\(store.effectsInFlight) effect(s) still running after \(timeout); cancel them or let them finish.",
        sourceLocation: sourceLocation
      )
      reportedEffects.withLock { $0 = true }
      store.cancelAllEffects()
      // Cancelled effects normally end at once; give them the same grace before moving on.
      _ = await FirstOf.race({ [store] in await store.settled() }, orTimeout: timeout)
    }
    if exhaustivity == .on {
      let unhandled = recording.pending
      if !unhandled.isEmpty {
        Issue.record(
          "\(unhandled.count) received action(s) were not asserted: \(describe(unhandled.map(\.action)))",
          sourceLocation: sourceLocation
        )
      }
    }
  }

  deinit {
    guard mode.withLock({ $0 }) == .on else {
      store.cancelAllEffects()
      return
    }
    let running = store.effectsInFlight
    if running > 0 && !reportedEffects.withLock({ $0 }) {
      Issue.record(
        "\(running) effect(s) were still running when the test store was released; await store.finish().",
        sourceLocation: origin
      )
      store.cancelAllEffects()
    }
    let unhandled = recording.pending
    if !unhandled.isEmpty {
      Issue.record(
        "\(unhandled.count) received action(s) were not asserted: \(describe(unhandled.map(\.action)))",
        sourceLocation: origin
      )
    }
  }

  private func check(
    from before: State,
    to actual: State,
    _ update: (@Sendable (inout State) throws -> Void)?,
    action: String,
    _ sourceLocation: SourceLocation
  ) {
    var expected = exhaustivity == .on ? before : actual
    do {
      try update?(&expected)
    } catch {
      Issue.record("The assertion of \(action) threw: \(error)", sourceLocation: sourceLocation)
      return
    }
    guard expected != actual else { return }
    let difference = diff(expected, actual, format: .proportional).map { "\n\($0)" } ?? ""
    let headline =
      exhaustivity == .on
      ? "State after \(action) is not what the assertion describes (− expected, + actual):"
      : "State after \(action) contradicts the assertion (− expected, + actual):"
    Issue.record(Comment(rawValue: headline + difference), sourceLocation: sourceLocation)
  }

  private func describe(_ actions: [Action]) -> String {
    actions.map { action in
      var text = ""
      customDump(action, to: &text, maxDepth: 2)
      return text
    }.joined(separator: ", ")
  }
}
