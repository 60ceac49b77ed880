import Synchronization

/// The single source of truth: holds the state, runs actions through middlewares and the reducer, notifies
/// subscribers, and owns every asynchronous effect.
///
/// ## Guarantees
/// - ``dispatch(_:)`` is synchronous: when it returns, the action has been through the middlewares and the
///   reducer, and every interested subscriber has been called.
/// - It may be called from any thread or task. Dispatches are serialised; one from another thread waits its turn.
/// - A dispatch made while a dispatch is running on the same thread (from a subscriber, a middleware or a reducer
///   observer) is queued and runs right after the current action — never re-entrantly, in the order made.
/// - State is only changed by the reducer; everyone else reads copies.
///
/// ## Partitions
/// A store may be told which *partition* of the state an action can touch (`partition`, e.g. the slot of the
/// feature that owns the action). Subscribers that declare a partition are then only evaluated for actions of that
/// partition, so an action costs nothing for subscribers of untouched slices. Actions mapped to `nil` (and stores
/// without a partition function) evaluate every subscriber. An assembled app partitions by feature slot, so a front
/// end that subscribes to the features it shows is not woken by the others.
public final class Store<State: Sendable, Action: Sendable>: @unchecked Sendable {
  // @unchecked Sendable, on purpose: `current`, `queue` and `observers` are mutable and are read or written only
  // by the thread that holds `lock` while it has its identity in `owner`. Re-entrant calls are detected through
  // `owner` (only the lock holder ever stores its own identity there) and touch them from that same thread.
  // Everything else is immutable or synchronised on its own (`tracker`, `owner`).

  private let lock = DispatchLock()
  private let owner = Atomic<UInt>(0)
  // Exclusivity is guaranteed by `lock`/`owner` as described above; dynamic enforcement would only add cost to
  // every dispatch.
  @exclusivity(unchecked) private var current: State
  @exclusivity(unchecked) private var queue = ActionQueue<Action>()
  @exclusivity(unchecked) private var observers = ObserverTable<State>()
  /// Who dispatched the action being processed (``MiddlewareContext/source``): one byte written per action, no
  /// allocation.
  @exclusivity(unchecked) private var source = ActionSource.external
  private let reducer: @Sendable (inout State, Action) -> Void
  private let middlewares: [Middleware<State, Action>]
  private let partition: (@Sendable (Action) -> Int?)?
  private let tracker = EffectTracker()
  /// The clock effects wait on (see ``init(initialState:reducer:middlewares:partition:clock:)``).
  public let clock: any Clock<Duration>
  // A `let`, so each middleware call borrows it instead of copying (and retaining) its closures. They reach the
  // store through `handle`, which is pointed at it once the store exists.
  private let context: MiddlewareContext<State, Action>

  /// Creates a store.
  /// - Parameters:
  ///   - initialState: the state before any action.
  ///   - reducer: the pure function that evolves the state.
  ///   - middlewares: run in order around the reducer, the first one outermost.
  ///   - partition: which partition of the state an action may change (a small non-negative integer), or `nil`
  ///     for "any". Only subscribers of that partition, and those without one, are evaluated.
  ///   - clock: the time effects wait on (debounce, timeouts, polling): the wall clock in apps, a test clock in
  ///     tests. Middlewares read it as ``MiddlewareContext/clock``.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middlewares: [Middleware<State, Action>] = [],
    partition: (@Sendable (Action) -> Int?)? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.clock = clock
    self.current = initialState
    self.reducer = reducer.reduce
    self.middlewares = middlewares
    self.partition = partition
    let handle = StoreHandle<State, Action>()
    self.context = MiddlewareContext(
      readState: { handle.store.state },
      readSource: { handle.store.currentSource },
      send: { handle.store.dispatch($0) },
      effects: EffectRunner(
        run: { handle.store.run(id: $0, cancelInFlight: $1, observing: $2, $3) },
        cancel: { handle.store.cancel(id: $0) },
        isRunning: { handle.store.isRunning(id: $0) },
        clock: clock
      ),
      reducer: reducer.reduce
    )
    handle.store = self
  }

  // MARK: Reading

  /// A copy of the current state. Inside a dispatch on this thread it is the state as of now (after the reducer,
  /// when read by a subscriber or after `next` in a middleware).
  public var state: State {
    exclusively { current }
  }

  /// Who dispatched the action being processed; meaningful only on the dispatching thread, inside a dispatch.
  fileprivate var currentSource: ActionSource { source }

  // MARK: Dispatching

  /// Runs `action` through the middlewares and the reducer, then notifies subscribers. Synchronous; see the type's
  /// guarantees for threads and re-entrancy.
  public func dispatch(_ action: Action) {
    let me = currentThreadIdentity()
    if owner.load(ordering: .relaxed) == me {
      queue.append(action, from: nil)
      return
    }
    lock.withLock {
      owner.store(me, ordering: .relaxed)
      source = .external
      process(action)
      if !queue.isEmpty { drainQueue() }
      owner.store(0, ordering: .relaxed)
    }
  }

  /// Dispatches an action sent by an effect, dropping it if the effect was cancelled. The check happens under the
  /// dispatch lock, so an effect cancelled by an earlier action can never deliver after it.
  func dispatch(_ action: Action, from effect: EffectHandle) {
    let me = currentThreadIdentity()
    if owner.load(ordering: .relaxed) == me {
      queue.append(action, from: effect)
      return
    }
    lock.withLock {
      owner.store(me, ordering: .relaxed)
      if !effect.isCancelled {
        source = .effect
        process(action)
      }
      drainQueue()
      owner.store(0, ordering: .relaxed)
    }
  }

  @inline(__always)
  private func process(_ action: Action) {
    if middlewares.isEmpty {
      reduce(action)
    } else {
      runMiddleware(at: 0, action)
    }
  }

  private func runMiddleware(at index: Int, _ action: Action) {
    guard index < middlewares.count else { return reduce(action) }
    middlewares[index].body(context, action) { next in
      self.runMiddleware(at: index + 1, next)
    }
  }

  @inline(__always)
  private func reduce(_ action: Action) {
    reducer(&current, action)
    if !observers.isEmpty { notifyObservers(of: action) }
  }

  /// Calls the observers of the partition `action` touched (and those of every partition) with the new state.
  @inline(never)
  private func notifyObservers(of action: Action) {
    let partition = self.partition?(action)
    guard observers.hasObservers(for: partition) else { return }
    // A copy: observers may subscribe or cancel while being notified.
    let table = observers
    table.notify(current, partition: partition)
  }

  private func drainQueue() {
    while let (action, effect) = queue.next() {
      if let effect {
        if effect.isCancelled { continue }
        source = .effect
      } else {
        source = .followUp
      }
      process(action)
    }
  }

  /// Runs `body` with exclusive access to the store's mutable parts: directly when this thread is already inside a
  /// dispatch, otherwise under the lock (draining anything `body` queued before releasing it).
  @inline(__always)
  private func exclusively<R>(_ body: () -> R) -> R {
    let me = currentThreadIdentity()
    if owner.load(ordering: .relaxed) == me { return body() }
    return lock.withLock {
      owner.store(me, ordering: .relaxed)
      let result = body()
      drainQueue()
      owner.store(0, ordering: .relaxed)
      return result
    }
  }

  // MARK: Subscribing

  /// Calls `onChange` with the value `select` picks from the state now, and then each time it changes
  /// (de-duplicated with `==`), in dispatch order, on the dispatching thread, before `dispatch` returns.
  /// - Parameter partition: the partition `select` reads (see the type's documentation), or `nil` for any.
  @discardableResult
  public func subscribe<Value: Equatable & Sendable>(
    partition: Int? = nil,
    select: @escaping @Sendable (State) -> Value,
    onChange: @escaping @Sendable (Value) -> Void
  ) -> Subscription {
    add(.selecting(select, onChange: onChange), partition: partition)
  }

  /// Registers an observer and starts it with the current state, atomically with respect to dispatches.
  private func add(_ observer: StateObserver<State>, partition: Int?) -> Subscription {
    exclusively {
      let key = observers.insert(observer, partition: partition)
      observer.start(current)
      return Subscription { [weak self] in
        guard let self else { return }
        self.exclusively { self.observers.remove(key) }
      }
    }
  }

  /// The selected value now and after every change, as an async sequence (buffered: no value is lost).
  /// Iteration ends when the task is cancelled; the subscription ends with it.
  public func values<Value: Equatable & Sendable>(
    partition: Int? = nil,
    select: @escaping @Sendable (State) -> Value
  ) -> AsyncStream<Value> {
    AsyncStream { continuation in
      let subscription = subscribe(partition: partition, select: select) { continuation.yield($0) }
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }

  /// Number of active subscriptions (for diagnostics and tests).
  public var subscriberCount: Int { exclusively { observers.count } }

  // MARK: Effects

  /// Starts an asynchronous effect owned by the store. Whatever it sends goes through ``dispatch(_:)``.
  /// - Parameters:
  ///   - id: names the effect so ``cancel(id:)`` can stop it.
  ///   - cancelInFlight: cancels running effects with the same `id` first (a new search replaces the old one).
  ///   - observing: the effect waits for outside changes until it is cancelled (a database observation): ``idle()``
  ///     does not wait for it, ``settled()`` does.
  ///   - operation: the work. It should return promptly when its task is cancelled.
  /// - Returns: a handle to cancel this one effect.
  @discardableResult
  public func run(
    id: EffectID? = nil,
    cancelInFlight: Bool = false,
    observing: Bool = false,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void
  ) -> EffectHandle {
    let (handle, replaced) = tracker.begin(id: id, cancelInFlight: cancelInFlight, observing: observing)
    for old in replaced { old.cancel() }
    let send = Send<Action> { [self] action in self.dispatch(action, from: handle) }
    let task = Task { [tracker] in
      await operation(send)
      tracker.end(handle)
    }
    handle.attach(task)
    return handle
  }

  /// Cancels every in-flight effect started with `id`. Actions they send from now on are dropped.
  public func cancel(id: EffectID) {
    for handle in tracker.handles(id: id) { handle.cancel() }
  }

  /// Whether an effect started with `id` is in flight and not cancelled.
  func isRunning(id: EffectID) -> Bool {
    tracker.handles(id: id).contains { !$0.isCancelled }
  }

  /// Cancels every in-flight effect.
  public func cancelAllEffects() {
    for handle in tracker.all() { handle.cancel() }
  }

  /// Number of effects still running.
  public var effectsInFlight: Int { tracker.count }

  /// Returns once every effect has finished, including effects started by actions those effects sent.
  /// Command-line runs and tests await this instead of sleeping.
  public func settled() async {
    await tracker.settled(ignoringObservations: false)
  }

  /// Returns once every effect still in flight is an observation (started with `observing: true`, or
  /// `MiddlewareContext.observe(id:_:)`): the app has done what it was asked and now only waits for outside
  /// changes. A screen that loads on appear and then observes the database is idle once loaded; what drives it
  /// (the conformance suite, a test) awaits this instead of sleeping.
  public func idle() async {
    await tracker.settled(ignoringObservations: true)
  }
}

/// How a store's middleware context reaches the store: set once, right after the store is created, and unowned
/// like the closures it replaces (the store owns the context; a context used after its store is gone traps).
private final class StoreHandle<State: Sendable, Action: Sendable>: @unchecked Sendable {
  // @unchecked: written once in `Store.init`, before any closure that reads it can run; read-only afterwards.
  unowned var store: Store<State, Action>!
}
