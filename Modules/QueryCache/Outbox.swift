import Foundation
import Networking
import Persistence
import Synchronization

/// The query layer's outbox: writes (POST, PUT, PATCH, DELETE) that could not reach the API, kept in SQLite in
/// order and sent when the API answers again.
///
/// - **Queueing.** A write whose transfer fails because the API cannot be reached (``QueryCache/isUnreachable(_:)``:
///   refused, timed out, DNS, a dropped connection) is kept — one transaction — with its `Idempotency-Key`, and the
///   call throws ``Networking/WriteQueued`` instead of answering. Every attempt sends the same key, so a write whose
///   answer was lost (timed out, dropped mid-transfer) is simply sent again: the server answers a repeat without
///   writing again. Only a POST without a key (a row an older build kept) is *outcome unknown* then: it may have
///   reached the server, so it is never sent again without the user. A write made while older ones wait goes behind
///   them. With ``isQueueing`` off (`--fresh`) the write fails as it would without an outbox.
/// - **Sending** (``send()``): one sender at a time across processes (the storage's send lock); entries in order for
///   each resource (``resource(ofPath:)``: the path's first segment, a collection and its items alike) and one at a
///   time, different resources side by side (at most ``resourcesAtOnce``); a POST without a key is marked *sending*
///   durably before it goes, so a sender killed mid-send leaves a trace and the POST becomes *outcome unknown*; a PUT,
///   PATCH or DELETE, or a POST with its key, interrupted is simply sent again (idempotent: the server ends as if it
///   was sent once). Sent writes are removed in batches (one transaction for up to 32). A 2xx (or a 404/410 to a
///   DELETE: the resource is gone, as asked) removes the entry and invalidates its tag; a refusal (4xx but 408 and
///   429) marks it *refused* with the edits of its path waiting after it (made over it), rolls their expected
///   changes back (screens told), invalidates its tag so screens read the server's truth again, and leaves one
///   notice; a `412` to its `If-Match` (kept with the entry) marks it a *conflict* the same way, held for the user
///   (retry: sent without the condition; discard); a sent conditional write's new version (its answer's `ETag`) is
///   handed on, with its removal, to the stored condition of the writes queued after it for the same item, which are
///   sent over it (in this process and after a restart); unreachable stops the round, a 5xx its resource's writes,
///   the entry waiting for the next round (an answer with `Retry-After`, seconds or an HTTP date, at most
///   ``longestServerWait``: no round sends to its resource before that time, on the injected `now`; to any, after a
///   `503`: ``serverWide(_:)``), and automatic rounds leave a resource the server failed until its back-off
///   (``backoff``: jitter, a cap) ends.
/// - **Shown while waiting.** A write keeps the changes its ``Networking/WriteIntent`` expects
///   (``Persistence/OutboxEntry/expected``); they stay laid over the answers for their paths while it waits, whatever
///   the server answers meanwhile, and ``refresh()`` lays them again over the answers of a new run (a restart) or of
///   writes another process queued (read at this process's start-up, its next write or sending round, and — in the
///   live app — at each commit another process makes to the database), so the screen shows the pending change until
///   it is sent or refused.
/// - **When.** At start-up (``start()``), after any request that reaches the API (``sendIfWaiting()``), and by
///   itself when a back-off ends, in an app that keeps running (``retryWhenDue()``) — automatic rounds, at most one
///   per back-off for a failing resource however many requests reach the API —, before a new write, and on demand
///   (`kumiki outbox send`).
public final class Outbox: Sendable {
  /// What the outbox holds for this API now, as last read (``refresh()``), and what happened in this process.
  public struct Summary: Equatable, Sendable {
    /// This API's entries, oldest first (without headers and bodies: ``Persistence/OutboxClient/overview``).
    public var entries: [OutboxEntry] = [] {
      didSet { lines = entries.map(\.line) }
    }
    /// One line per entry (``Persistence/OutboxEntry/line``), built when the entries change, not at each read.
    public private(set) var lines: [String] = []
    /// Writes queued by this process.
    public var queuedHere = 0
    /// Why this process's last write was queued instead of sent: `could not connect`, `outcome unknown: the answer
    /// was lost after the request was sent`, `another process is sending the earlier changes`, `held behind
    /// unreadable entry #3 …`.
    public var queuedReason: String?

    /// How many wait to be sent.
    public var pending: Int { entries.count { $0.state == .pending || $0.state == .sending } }
    /// How many wait for the user: POSTs without a key (kept by an older build) whose outcome is unknown.
    public var outcomeUnknown: Int { entries.count { $0.state == .outcomeUnknown } }
    /// How many the server refused (kept until discarded).
    public var refused: Int { entries.count { $0.state == .refused } }
    /// How many met a change someone else made since (`412`): each waits for the user's choice, Keep mine (retry)
    /// or Take theirs (discard).
    public var conflicts: Int { entries.count { $0.state == .conflict } }
    /// How many could not be read (``Persistence/OutboxEntry/State/unreadable``): never sent, the writes after them
    /// wait until they are discarded.
    public var unreadable: Int { entries.count { $0.state == .unreadable } }

    /// `1 change waiting to send`, with `- 1 outcome unknown`, `- 1 conflict` and `- 1 unreadable` when some are;
    /// `nil` when nothing waits.
    public var statusText: String? {
      var parts: [String] = []
      if pending > 0 { parts.append("\(pending) \(pending == 1 ? "change" : "changes") waiting to send") }
      if outcomeUnknown > 0 { parts.append("\(outcomeUnknown) outcome unknown") }
      if conflicts > 0 { parts.append("\(conflicts) \(conflicts == 1 ? "conflict" : "conflicts")") }
      if unreadable > 0 { parts.append("\(unreadable) unreadable") }
      return parts.isEmpty ? nil : parts.joined(separator: " - ")
    }
  }

  /// What one sending round did.
  public struct SendReport: Equatable, Sendable {
    /// Writes sent and accepted, by id (the order each resource's were sent in).
    public var sent: [OutboxEntry] = []
    /// Writes the server refused in this round (rolled back).
    public var refused: [OutboxEntry] = []
    /// Why the round stopped before the outbox was empty (unreachable, a server error, an unreadable entry the
    /// writes after it wait behind), if it did.
    public var stopped: String?
    /// This API's entries left for the user after the round, oldest first: POSTs whose outcome is unknown, conflicts
    /// (a `412`: Keep mine or Take theirs) and unreadable entries (a refused write is settled: rolled back). Each says
    /// why in its `lastError`.
    public var held: [OutboxEntry] = []
    /// Another sender (another process) holds the send lock: this round sent nothing.
    public var busy = false
    /// Entries found interrupted by a dead sender and settled (PUT/PATCH/DELETE back to pending, POST to outcome
    /// unknown).
    public var recovered = 0
    /// Writes still waiting to be sent after the round.
    public var pending = 0

    public init() {}
  }

  private struct State {
    var summary = Summary()
    /// Entries this process queued: their changes are laid over the answers by the write itself (not restored).
    var mine: Set<Int64> = []
    var notices: [String] = []
    var round: (id: Int, task: Task<SendReport, Never>)?
    var rounds = 0
    /// Who is woken when the summary or the notices change (``changes()``).
    var listeners: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextListener = 0
    /// Until when the server asked this process not to send to any resource: `Retry-After` on a `503`, the server
    /// unavailable as a whole (``serverWide(_:)``). A `Retry-After` on another answer holds its resource alone
    /// (``backoff``'s `asked`).
    var notBefore: Date?
    /// The versions this process's sent writes made, by path and the condition they were sent with: a write queued
    /// behind another to the same item was made over that one's change (the screen showed it as made), so it is sent
    /// conditional on the version the earlier one made (``request(for:)``). Here for the writes sent before their
    /// batch is removed; the removal hands the versions on to the waiting writes' stored condition
    /// (``Persistence/OutboxClient/removeSent``), which a new process reads.
    var madeVersions: [String: String] = [:]
    /// The back-off of each resource whose last try was answered with a failure (``resource(ofPath:)``): how many
    /// tries failed in a row, before when no automatic round tries it again, and whether the server asked for that
    /// time (`Retry-After`: then no round at all sends to it before).
    var backoff: [String: (failures: Int, until: Date, asked: Bool)] = [:]
    /// Counts the changes of what is due when (a round's end, the entries read again): ``retryWhenDue()`` computes
    /// its next wake-up again when it moved.
    var schedule = 0
    /// ``retryWhenDue()``'s waits for the schedule to change, by id.
    var wakers: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaker = 0
  }

  /// The storage: SQLite in the apps.
  public let storage: OutboxClient
  /// Whether writes that cannot reach the API are kept (off with `--fresh`: they fail instead).
  public let isQueueing: Bool
  private let http: HTTPClient
  private let configuration: QueryCacheConfiguration
  /// Invalidates the cached answers of tags (their next read goes to the network).
  private let invalidate: @Sendable (Set<String>) async -> Void
  /// The query layer's optimistic changes, where a waiting write's expected changes are laid.
  private let optimistic: OptimisticEntries
  /// Who is told when changes are laid over the answers or rolled back.
  private let observers: ChangeObservers
  private let reachability: NetworkReachability
  private let now: @Sendable () -> Date
  /// What ``retryWhenDue()`` sleeps on: the query layer's clock (the store's in the apps, a test clock in tests).
  private let clock: any Clock<Duration>
  /// The jitter of each back-off, in 0..<1 (the query layer's source: fixed in tests).
  private let random: @Sendable () -> Double
  private let state = Mutex(State())

  init(
    storage: OutboxClient, isQueueing: Bool, http: HTTPClient, configuration: QueryCacheConfiguration,
    invalidate: @escaping @Sendable (Set<String>) async -> Void, optimistic: OptimisticEntries,
    observers: ChangeObservers, reachability: NetworkReachability, now: @escaping @Sendable () -> Date,
    clock: any Clock<Duration> = ContinuousClock(),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.storage = storage
    self.isQueueing = isQueueing
    self.http = http
    self.configuration = configuration
    self.invalidate = invalidate
    self.optimistic = optimistic
    self.observers = observers
    self.reachability = reachability
    self.now = now
    self.clock = clock
    self.random = random
  }

  /// The last summary read (no I/O).
  public var summary: Summary { state.withLock { $0.summary } }

  /// A signal at once, then after every change of ``summary`` or new notices (``takeNotices()``): a write queued
  /// here, a sending round's end, a ``refresh()`` that found the outbox changed — by this process or another (the
  /// live app refreshes on every commit another process makes to the database). Several close together may come as
  /// one. What shows the outbox (the TUI's status bar, its `o` list) reads ``summary`` and ``takeNotices()`` on each,
  /// rather than on a timer.
  public func changes() -> AsyncStream<Void> {
    let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      let id = state.nextListener
      state.nextListener += 1
      state.listeners[id] = continuation
      return id
    }
    continuation.onTermination = { [weak self] _ in self?.state.withLock { $0.listeners[id] = nil } }
    continuation.yield()
    return signals
  }

  /// Wakes the listeners of ``changes()``.
  private func changed() {
    for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield() }
  }

  /// Messages for the user since the last call (refusals, writes sent), oldest first; each is returned once.
  public func takeNotices() -> [String] {
    state.withLock { state in
      defer { state.notices = [] }
      return state.notices
    }
  }

  /// Reads what the outbox holds for this API (laying the waiting writes' expected changes over the answers), then
  /// starts sending if writes wait (a start-up).
  public func start() async {
    await refresh()
    sendIfWaiting()
  }

  /// Reads what the outbox holds for this API into ``summary`` (no headers or bodies), and brings the changes laid
  /// over the answers in line with it: a waiting write's expected changes are shown (restored after a restart, or
  /// queued by another process), a refused one's rolled back, and those of writes gone from the outbox (sent or
  /// discarded by another process: the server knows which) dropped, their tags invalidated so the screens read the
  /// server's answer again. A storage error leaves the last summary.
  public func refresh() async {
    // Read before the entries: an entry queued meanwhile is not taken for gone.
    let shown = optimistic.queuedEntries
    guard let entries = try? await storage.overview() else { return }
    let ours = entries.filter(concerns)
    let (mine, moved) = state.withLock { state in
      let moved = state.summary.entries != ours
      state.summary.entries = ours
      return (state.mine, moved)
    }
    if moved {
      changed()
      scheduleChanged()
    }
    var changed = Set<String>()
    for entry in ours where entry.isWaiting && !entry.expected.isEmpty && !mine.contains(entry.id) {
      let changes = entry.expected.map { OptimisticChange(path: $0.path, merge: $0.merge) }
      if optimistic.restore(changes, entry: entry.id, tag: { self.configuration.tag(forPath: $0.path) }) {
        changed.formUnion(changes.map { configuration.tag(forPath: $0.path) })
      }
    }
    let refused = Set(ours.filter { $0.state == .refused || $0.state == .conflict }.map(\.id)).intersection(shown)
    changed.formUnion(optimistic.release(entries: refused))
    if !changed.isEmpty { observers.notify(changed) }
    let gone = optimistic.release(entries: shown.subtracting(ours.map(\.id)))
    if !gone.isEmpty { await invalidate(gone) }  // tells the screens
  }

  /// Whether `entry` concerns this API: its own, or an unreadable one whose API could not be read (it may be this
  /// one's: it holds this API's writes too).
  private func concerns(_ entry: OutboxEntry) -> Bool {
    entry.api == configuration.namespace || (entry.state == .unreadable && entry.api.isEmpty)
  }

  /// Starts an automatic sending round in the background when writes wait, none is running, and the back-off of
  /// at least one of their resources is over (after a request reached the API): a server that keeps failing is
  /// asked again at the back-off's pace, however many reads reach it meanwhile.
  public func sendIfWaiting() {
    let now = now()
    let starts = state.withLock { state in
      state.round == nil && (state.notBefore.map { Self.isOver($0, at: now) } ?? true)
        && state.summary.entries.contains {
          // A `sending` entry a dead sender left is settled by a round (``Persistence/OutboxClient/recoverInterrupted``).
          ($0.state == .pending || $0.state == .sending)
            && Self.isDue(Self.resource(ofPath: $0.path), in: state, at: now)
        }
    }
    if starts { _ = round(automatic: true) }
  }

  /// Runs an automatic round (joining one in progress): a resource whose back-off is not over is not tried (the
  /// reconnection probe's round, after the API answered it).
  func sendDue() async -> SendReport {
    await round(automatic: true).value
  }

  /// The resource an entry's path names, which orders the writes: its first segment under the base URL, the
  /// collection (`subscriptions` for `subscriptions`, `subscriptions/3?x=1`). Writes to one resource are sent one
  /// at a time, in order; writes to different ones do not wait for each other.
  static func resource(ofPath path: String) -> String {
    String(path[..<(path.firstIndex { $0 == "/" || $0 == "?" } ?? path.endIndex)])
  }

  /// How many resources a round sends to at once.
  public static let resourcesAtOnce = 4

  /// The back-off of a resource whose writes the server answered with a failure (a 5xx, 408, 429, a 4xx with
  /// `Retry-After`): 1 s, doubling to a 60 s cap, each wait shortened by up to half of itself as the random source
  /// says (its `attempts` are not used: a write waits until it is sent, refused or discarded).
  public static let backoff = RetryPolicy(initialDelay: .seconds(1), maxDelay: .seconds(60), jitter: 0.5)

  /// Whether an automatic round may try `resource` at `now`: its back-off, if any, is over.
  private static func isDue(_ resource: String, in state: State, at now: Date) -> Bool {
    state.backoff[resource].map { isOver($0.until, at: now) } ?? true
  }

  /// Whether `now` reached `time`, to the millisecond: a wake-up computed from a time and the time it wakes at agree,
  /// whatever the last bits of their floating-point seconds.
  private static func isOver(_ time: Date, at now: Date) -> Bool { milliseconds(now) >= milliseconds(time) }

  /// `date` in whole milliseconds since 1970.
  private static func milliseconds(_ date: Date) -> Int64 {
    let value = (date.timeIntervalSince1970 * 1000).rounded()
    return value.isFinite ? Int64(max(min(value, 9e15), -9e15)) : 0
  }

  /// Counts a failed try of `resource` and sets its back-off: the server's `asked` wait when it gave one (bounded
  /// by ``longestServerWait``; then every round keeps it), else ``backoff``'s.
  private func failed(_ resource: String, asked: Duration?) {
    let now = now()
    let random = random()
    state.withLock { state in
      let failures = min((state.backoff[resource]?.failures ?? 0) + 1, 64)
      let wait = asked ?? Self.backoff.delay(afterFailedTries: failures, random: random)
      state.backoff[resource] = (failures, now.addingTimeInterval(wait.seconds), asked != nil)
    }
  }

  /// When `resource` may be tried again, if it may not at `now`, and whether the server asked for that time: the
  /// back-off an automatic round keeps, or the server's `Retry-After`, which every round keeps.
  private func heldUntil(_ resource: String, at now: Date, automatic: Bool) -> (until: Date, asked: Bool)? {
    guard let backoff = state.withLock({ $0.backoff[resource] }), automatic || backoff.asked,
      !Self.isOver(backoff.until, at: now)
    else { return nil }
    return (backoff.until, backoff.asked)
  }

  /// The longest wait a server's `Retry-After` makes the outbox keep: 5 minutes.
  public static let longestServerWait: Duration = .seconds(300)

  /// Whether a `Retry-After` on `response` holds the whole API rather than the resource it answered for: on a `503`
  /// (RFC 9110: the server cannot handle requests now, overloaded or down for maintenance, and `Retry-After` says for
  /// how long the service is expected to be unavailable; kumiki-api answers it only when the server as a whole is
  /// full: its connection limit, its queue of long reads). Any other answer (`429`, kumiki-api's `409` while a key's
  /// first request runs, another 5xx) speaks for the resource it answered: the others go on.
  static func serverWide(_ response: HTTPResponse) -> Bool { response.status == 503 }

  /// Why a round may not send now (to `resource`, when given): the server asked to wait (`Retry-After`) — for the
  /// whole API, or for `resource` — and the time has not come.
  private func serverWait(for resource: String? = nil) -> String? {
    let now = now()
    let until = state.withLock { state -> Date? in
      if let global = state.notBefore, !Self.isOver(global, at: now) { return global }
      guard let resource, let backoff = state.backoff[resource], backoff.asked else { return nil }
      return Self.isOver(backoff.until, at: now) ? nil : backoff.until
    }
    return until.map { Self.askedToWait(until: $0, now: now) }
  }

  /// `the server asked to wait 42 s more (Retry-After)`.
  private static func askedToWait(until: Date, now: Date) -> String {
    "the server asked to wait \(Int(until.timeIntervalSince(now).rounded(.up))) s more (Retry-After)"
  }

  /// Sends the waiting writes now, in order (joining a round in progress), and reports what happened.
  /// An explicit round (`kumiki outbox send`, a new write, the user's action) tries every resource whatever its
  /// back-off; the server's `Retry-After` still holds it.
  @discardableResult
  public func send() async -> SendReport {
    await round(automatic: false).value
  }

  /// Waits for the sending round in progress, if any (the CLI, before it exits).
  public func finishSending() async {
    guard let task = state.withLock({ $0.round?.task }) else { return }
    _ = await task.value
  }

  /// The round in progress, or a new one (`automatic`: resources whose back-off runs are left for later).
  private func round(automatic: Bool) -> Task<SendReport, Never> {
    startRound(automatic: automatic).task
  }

  /// The round in progress (`joined`), or a new one.
  private func startRound(automatic: Bool) -> (task: Task<SendReport, Never>, joined: Bool) {
    state.withLock { state in
      if let round = state.round { return (round.task, true) }
      state.rounds += 1
      let id = state.rounds
      // The task's body waits for this lock before it can clear `round`, so it is stored first.
      let task = Task {
        let report = await self.sendWaiting(automatic: automatic)
        self.state.withLock { if $0.round?.id == id { $0.round = nil } }
        // Its failures set back-offs, its successes ended them.
        self.scheduleChanged()
        return report
      }
      state.round = (id, task)
      return (task, false)
    }
  }

  // MARK: - Retrying by itself

  /// Retries by itself until cancelled: a write that waits because the server answered it with a failure is tried
  /// again when its resource's back-off (or the server's `Retry-After`) ends, with no other trigger — an automatic
  /// round at the earliest such time, on the injected clock. One wake-up per due time, none while nothing is due
  /// (nothing waits, or what waits could not reach the API: the reconnection probe asks again then,
  /// ``QueryCache/reconnectWhileUnreachable()``), so a server that keeps failing is asked once per back-off, as the
  /// rounds that requests trigger ask it, and an idle app sleeps. A due time whose round could not try the resource
  /// (another process held the send lock, the API was unreachable) is not acted on again: the next trigger is a
  /// round's end or the outbox read again (``refresh()``: another process's commit, in the live app).
  ///
  /// The apps that keep running run it for their lifetime (`LiveApp`: the TUI, the playground's) and cancel it when
  /// they stop; a CLI command does not (it ends after its own requests; `kumiki outbox send` sends one round).
  public func retryWhenDue() async {
    // The last due time acted on: never twice.
    var fired: Date?
    while !Task.isCancelled {
      // A wall clock set back since: later back-offs fall before the time acted on, and would never be due.
      if let acted = fired, Self.milliseconds(now()) < Self.milliseconds(acted) { fired = nil }
      let (due, schedule) = state.withLock { state in (Self.nextDue(in: state, after: fired), state.schedule) }
      guard let due else {
        await scheduleChange(since: schedule)
        continue
      }
      // Due times are wall-clock times (`now`): a clock set back delays a retry by as much, one set forward brings
      // it on. One sleep is at most the longest wait a back-off or the server sets, so a clock set forward is seen
      // within that.
      let wait = min(Self.milliseconds(due) - Self.milliseconds(now()), Int64(Self.longestServerWait.seconds * 1000))
      if wait > 0 {
        await withTaskGroup(of: Void.self) { group in
          group.addTask { try? await self.clock.sleep(for: .milliseconds(wait)) }
          group.addTask { await self.scheduleChange(since: schedule) }
          _ = await group.next()
          group.cancelAll()
        }
        continue
      }
      let (round, joined) = startRound(automatic: true)
      // A round that began before the time came may have left the resource for later: the time is acted on once it
      // ends, by a round of its own.
      if !joined { fired = due }
      _ = await round.value
    }
  }

  /// The earliest time after `fired` at which a waiting write's resource may be tried again: its back-off's end, or
  /// the server's API-wide `Retry-After`; `nil` when there is none.
  private static func nextDue(in state: State, after fired: Date?) -> Date? {
    let waiting = Set(
      state.summary.entries.filter { $0.state == .pending || $0.state == .sending }.map { resource(ofPath: $0.path) })
    var times = waiting.compactMap { state.backoff[$0]?.until }
    if !waiting.isEmpty, let global = state.notBefore { times.append(global) }
    return times.filter { time in fired.map { milliseconds(time) > milliseconds($0) } ?? true }.min()
  }

  /// Wakes ``retryWhenDue()`` to compute its next wake-up again.
  private func scheduleChanged() {
    let wakers = state.withLock { state in
      state.schedule += 1
      defer { state.wakers = [:] }
      return Array(state.wakers.values)
    }
    for waker in wakers { waker.resume() }
  }

  /// Returns once the schedule moved past `schedule` (at once if it already has), or the task is cancelled.
  private func scheduleChange(since schedule: Int) async {
    let id = state.withLock { state in
      defer { state.nextWaker += 1 }
      return state.nextWaker
    }
    let take = { @Sendable in self.state.withLock { $0.wakers.removeValue(forKey: id) } }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let waits = state.withLock { state in
          guard state.schedule == schedule else { return false }
          state.wakers[id] = continuation
          return true
        }
        guard waits else { return continuation.resume() }
        // Cancelled before it waited: the handler found nothing to resume.
        if Task.isCancelled { take()?.resume() }
      }
    } onCancel: {
      take()?.resume()
    }
  }

  // MARK: - Writing

  /// Sends a write through the outbox (see the type's rules): older waiting writes go first; a write that cannot
  /// reach the API is kept and throws ``Networking/WriteQueued``.
  func write(_ request: HTTPRequest) async throws -> HTTPResponse {
    let resource = Self.resource(ofPath: configuration.relativePath(of: request))
    let waiting = summary
    if waiting.pending > 0 || waiting.unreadable > 0 {
      let report = await send()
      let holding = report.held.first { $0.state == .unreadable }
      // The first write still waiting for this resource: this one goes behind it, to keep their order. Writes to
      // other resources do not hold it, unless the server asked to wait (`Retry-After`: on a `503`, for every
      // resource; else for this one) or an unreadable entry holds them all.
      let ahead = summary.entries.first {
        ($0.state == .pending || $0.state == .sending) && Self.resource(ofPath: $0.path) == resource
      }
      let asked = report.pending > 0 ? serverWait(for: resource) : nil
      if isQueueing, ahead != nil || holding != nil || asked != nil {
        let busy = report.busy && ahead != nil
        let reason =
          busy
          ? "another process is sending the earlier changes"
          : holding.map(Self.heldBehind)
            ?? "waiting behind earlier changes (\(asked ?? ahead?.lastError ?? report.stopped ?? "not sent"))"
        // Kept in the entry in words either app lists; told now with this app's way out.
        throw try await queue(request, state: .pending, reason: reason, why: busy ? nil : holding.map(heldBehindNow))
      }
    }
    let response: HTTPResponse
    do {
      response = try await http.send(request)
    } catch let error as HTTPError where QueryCache.isUnreachable(error) {
      reachability.failed(QueryCache.reason(error))
      guard isQueueing, OutboxEntry.Method(rawValue: request.method.rawValue) != nil else { throw error }
      // A POST with its Idempotency-Key is simply sent again: the server answers a repeat without writing again.
      let keyed = request.headers[OutboxEntry.idempotencyKeyHeader] != nil
      let lost = request.method == .post && !keyed && Self.answerMayBeLost(error)
      throw try await queue(
        request, state: lost ? .outcomeUnknown : .pending, reason: lost ? Self.lostAnswer : QueryCache.reason(error),
        why: lost ? Self.lostAnswer : Self.unreachable(error))
    }
    if response.status >= 500 {
      reachability.failed(QueryCache.reason(status: response.status))
    } else {
      reachability.reached()
    }
    // A success invalidates its tags in the query layer's sendWrite, which every live write goes through.
    return response
  }

  /// Keeps `request`; returns the ``Networking/WriteQueued`` to throw. A write the outbox cannot keep (full, a body
  /// too large, the disk) throws that reason instead: the write failed.
  private func queue(
    _ request: HTTPRequest, state entryState: OutboxEntry.State, reason: String, why: String? = nil
  ) async throws
    -> WriteQueued
  {
    guard let method = OutboxEntry.Method(rawValue: request.method.rawValue) else {
      throw HTTPError.invalidURL("\(request.method.rawValue) is not a method the outbox keeps")
    }
    let expected = (WriteIntent.current?.optimistic ?? []).map {
      OutboxEntry.ExpectedChange(path: $0.path, merge: $0.merge)
    }
    // The key and the condition are kept in their own columns (checked when read back) and added again to every
    // attempt.
    var headers = request.headers
    let key = headers[OutboxEntry.idempotencyKeyHeader]
    headers[OutboxEntry.idempotencyKeyHeader] = nil
    let condition = headers[OutboxEntry.ifMatchHeader]
    headers[OutboxEntry.ifMatchHeader] = nil
    let write = OutboxWrite(
      api: configuration.namespace, method: method, path: configuration.relativePath(of: request),
      headers: headers.map { OutboxEntry.Header(name: $0.name, value: $0.value) }, body: request.body,
      createdAt: now(), state: entryState, lastError: reason, expected: expected, idempotencyKey: key,
      ifMatch: condition)
    let entry = try await storage.add(write)
    // Its changes are shown by the write itself (the query layer's sendWrite), not restored from the entry.
    state.withLock { _ = $0.mine.insert(entry.id) }
    await refresh()
    let waiting = state.withLock { state in
      state.summary.queuedHere += 1
      state.summary.queuedReason = why ?? reason
      if !state.summary.entries.contains(where: { $0.id == entry.id }) { state.summary.entries.append(entry) }
      return state.summary.pending + state.summary.outcomeUnknown
    }
    changed()
    return WriteQueued(id: entry.id, pending: waiting)
  }

  /// `refused by the server: <its reason> (422)`, or `refused by the server (422)` when its answer gives none.
  static func refusal(_ response: HTTPResponse, reason: String? = nil) -> String {
    guard let reason = reason ?? response.serverReason else { return "refused by the server (\(response.status))" }
    return "refused by the server: \(reason) (\(response.status))"
  }

  /// Why an entry is a conflict (``Persistence/OutboxEntry/State/conflict``), and the two ways out: what its line in
  /// the lists (`kumiki outbox`, the TUI's `o`) says. Kept in the entry, which either app may list: in words both
  /// apps' ways out go by (the CLI's `retry`/`discard` commands, the TUI list's `r` retry and `d` discard).
  static let conflictReason =
    "changed on the server since (412), nothing written: retry keeps yours, discard takes theirs"

  /// What the user is told when a waiting change meets a conflict, with both ways out in this app's words
  /// (``QueryCacheConfiguration/outboxActions``).
  static func conflictNotice(_ entry: OutboxEntry, actions: (retry: String, discard: String)) -> String {
    "A change that waited to send met a newer change on the server (\(entry.method.rawValue) \(entry.path), 412) - "
      + "yours was not written. Keep yours: \(actions.retry); take theirs: \(actions.discard)."
  }

  /// The key of ``State/madeVersions``.
  private static func version(_ path: String, _ condition: String) -> String { condition + " " + path }

  /// Why a POST without a key whose answer may have been lost is kept as outcome unknown.
  static let lostAnswer = "outcome unknown: the answer was lost after the request was sent"

  /// Why a write that could not reach the API was kept, in the user's words.
  static func unreachable(_ error: HTTPError) -> String {
    switch error {
    case .cannotConnect, .offline: "could not connect"
    case .timedOut: "no answer in time (it will be sent again)"
    default: "the connection failed (\(QueryCache.reason(error)); it will be sent again)"
    }
  }

  /// Why the writes behind unreadable `entry` wait, kept in their entries, which either app lists: in words both
  /// apps' ways out go by (the CLI's `discard` command, the TUI list's `d` discard).
  static func heldBehind(_ entry: OutboxEntry) -> String {
    "held behind unreadable entry #\(entry.id) until it is discarded"
  }

  /// The same, told now (why this write was queued, why the round stopped), with the way out in this app's words
  /// (``QueryCacheConfiguration/outboxActions``): `held behind unreadable entry #3 (kumiki outbox discard 3 drops
  /// it)`.
  func heldBehindNow(_ entry: OutboxEntry) -> String {
    "held behind unreadable entry #\(entry.id) (\(configuration.outboxActions(entry.id).discard) drops it)"
  }

  /// Whether a failure may have come after the server received the request (its answer was lost).
  static func answerMayBeLost(_ error: HTTPError) -> Bool {
    switch error {
    case .timedOut, .transferFailed: true
    default: false
    }
  }

  // MARK: - Sending

  /// Sent writes not yet removed: removed together (one transaction for up to ``batch``), and their tags
  /// invalidated together, so a round costs about one commit per batch rather than two per write. A sender killed
  /// before the removal leaves them in the outbox: PUT, PATCH and DELETE are sent again (idempotent), a POST (marked
  /// sending before it went) becomes outcome unknown.
  private struct Sent {
    var ids: [Int64] = []
    var tags: Set<String> = []
    /// The versions conditional writes made (their answers' `ETag`), by id: handed on to the writes waiting after
    /// them for the same item as their condition, in the removal's transaction.
    var made: [Int64: String] = [:]
  }

  /// How many sent writes are removed in one transaction.
  static let batch = 32

  /// The writes of one resource a round sends, in order, one at a time.
  private struct Lane: Sendable {
    var resource: String
    var entries: [OutboxEntry]
  }

  /// What sending one ``Lane`` did.
  private struct LaneResult: Sendable {
    var lane: Lane
    var report = SendReport()
    var refusals: [String] = []
    /// The API could not be reached: the round tries no other resource.
    var unreachable = false
  }

  /// How a round goes on after one entry.
  private enum Delivery {
    /// Sent, or refused (with the writes that depend on it, ``refuseDependants(of:status:)``): the resource's next
    /// write goes.
    case next
    /// Not sent: the resource's writes wait (`unreachable`: the API's, all of them), the server having asked to wait
    /// `asked` (`Retry-After`) if it did.
    case wait(String, unreachable: Bool, asked: Duration?)
    /// Not sent, and no back-off: cancelled, or the storage failed.
    case stop(String)
  }

  private func sendWaiting(automatic: Bool) async -> SendReport {
    var report = SendReport()
    guard let lock = storage.lockSending() else {
      report.busy = true
      await refresh()
      report.pending = summary.pending
      report.held = Self.held(summary)
      return report
    }
    defer { lock.release() }
    report.recovered = (try? await storage.recoverInterrupted()) ?? 0
    // Each entry is tried at most once a round: whatever the storage answers, a round ends.
    var tried = Set<Int64>()
    // Resources whose writes stopped in this round (a failure, a back-off that runs): a write queued meanwhile is
    // not sent before the one that waits.
    var stopped = Set<String>()
    var holding: OutboxEntry?
    // Told once the round ends, with the summary read again: a notice never stands beside a stale count.
    var refusals: [String] = []
    // A server that asked the whole API to wait (Retry-After on a 503) is not asked again before that time.
    let asked = serverWait()
    report.stopped = asked
    // A resource's stop does not end the round: the other resources' writes go on (the next pass too).
    passes: while asked == nil, !Task.isCancelled {
      var lanes: [Lane] = []
      do {
        // In order, up to the first unreadable entry: the writes after it wait behind it (the order is kept).
        for entry in try await storage.entries() where concerns(entry) {
          if entry.state == .unreadable {
            holding = entry
            break
          }
          let resource = Self.resource(ofPath: entry.path)
          guard entry.state == .pending, !tried.contains(entry.id), !stopped.contains(resource) else { continue }
          if let index = lanes.firstIndex(where: { $0.resource == resource }) {
            lanes[index].entries.append(entry)
          } else {
            lanes.append(Lane(resource: resource, entries: [entry]))
          }
        }
      } catch {
        report.stopped = String(describing: error)
        break
      }
      // A resource the server keeps failing is asked again at the back-off's pace, not at every trigger (automatic
      // rounds); one whose answer asked to wait (Retry-After) not before that time (every round).
      let now = now()
      lanes.removeAll { lane in
        guard let (end, asked) = heldUntil(lane.resource, at: now, automatic: automatic) else { return false }
        stopped.insert(lane.resource)
        let seconds = Int(end.timeIntervalSince(now).rounded(.up))
        report.stopped =
          report.stopped
          ?? (asked
            ? Self.askedToWait(until: end, now: now)
            : "trying \(lane.resource) again in \(seconds) s (\(lane.entries[0].lastError ?? "it failed"))")
        return true
      }
      tried.formUnion(lanes.flatMap { $0.entries.map(\.id) })
      // Writes queued while this round ran are read on the next pass.
      guard !lanes.isEmpty else { break }
      var unreachable = false
      for result in await sendLanes(lanes) {
        report.sent += result.report.sent
        report.refused += result.report.refused
        refusals += result.refusals
        unreachable = unreachable || result.unreachable
        if let stop = result.report.stopped {
          stopped.insert(result.lane.resource)
          report.stopped = report.stopped ?? stop
        }
      }
      if unreachable || serverWait() != nil { break }
    }
    // Resources went side by side: the report lists by id (each resource's were sent in that order).
    report.sent.sort { $0.id < $1.id }
    report.refused.sort { $0.id < $1.id }
    await refresh()
    report.pending = summary.pending
    report.held = Self.held(summary)
    // An unreadable entry stops the writes behind it, if any wait.
    if report.stopped == nil, report.pending > 0, let holding { report.stopped = heldBehindNow(holding) }
    let count = report.sent.count
    state.withLock { state in
      // Published once the summary was read again, so a notice never shows beside a stale count. The screens reading
      // what changed were told by the invalidations (``flush(_:)`` and each refusal's).
      state.notices += refusals
      if count > 0 { state.notices.append("Sent \(count) waiting \(count == 1 ? "change" : "changes").") }
    }
    if !refusals.isEmpty || count > 0 { changed() }
    return report
  }

  /// Sends `lanes` side by side, at most ``resourcesAtOnce`` at a time, each in order; returns their results in the
  /// order of their first entries. Once one finds the API unreachable, no other starts.
  private func sendLanes(_ lanes: [Lane]) async -> [LaneResult] {
    var results = await withTaskGroup(of: LaneResult.self) { group in
      var results: [LaneResult] = []
      var next = 0
      func start() {
        let lane = lanes[next]
        next += 1
        group.addTask { await self.send(lane) }
      }
      while next < min(Self.resourcesAtOnce, lanes.count) { start() }
      while let result = await group.next() {
        results.append(result)
        if next < lanes.count, !results.contains(where: \.unreachable), !Task.isCancelled { start() }
      }
      return results
    }
    results.sort { $0.lane.entries[0].id < $1.lane.entries[0].id }
    return results
  }

  /// Sends one resource's writes in order, one at a time, until one is not sent.
  private func send(_ lane: Lane) async -> LaneResult {
    var result = LaneResult(lane: lane)
    var sent = Sent()
    entries: for next in lane.entries {
      guard !Task.isCancelled else { break }
      // Refused with an earlier one of the lane, unsent.
      if result.report.refused.contains(where: { $0.id == next.id }) { continue }
      // An answer asked the whole API to wait (`Retry-After` on a `503`): the server is not asked again before that
      // time.
      if let wait = serverWait() {
        result.report.stopped = wait
        break
      }
      do {
        var entry = next
        if !next.isIdempotent {
          // Durably marked before it goes: a POST without a key is never sent twice, even by a sender killed
          // mid-send.
          guard let begun = try await storage.begin(next.id) else { continue }
          entry = begun
        }
        switch try await deliver(entry, into: &result.report, sent: &sent, refusals: &result.refusals) {
        case .next:
          state.withLock { $0.backoff[lane.resource] = nil }
        case .wait(let reason, let unreachable, let asked):
          result.report.stopped = reason
          result.unreachable = unreachable
          // Unreachable, the API is asked again by the reconnection probe (after a request reaches it), not here.
          if !unreachable { failed(lane.resource, asked: asked) }
          break entries
        case .stop(let reason):
          result.report.stopped = reason
          break entries
        }
        if sent.ids.count >= Self.batch { try await flush(&sent) }
      } catch {
        result.report.stopped = String(describing: error)
        break
      }
    }
    do {
      try await flush(&sent)
    } catch {
      result.report.stopped = result.report.stopped ?? String(describing: error)
    }
    return result
  }

  /// The entries of `summary` left for the user: outcome unknown, conflict, unreadable.
  private static func held(_ summary: Summary) -> [OutboxEntry] {
    summary.entries.filter { $0.state == .outcomeUnknown || $0.state == .conflict || $0.state == .unreadable }
  }

  /// Removes the sent writes and invalidates their tags: their expected changes become an accepted write's, which the
  /// invalidation drops, telling the screens, which read those paths again from the server (it holds them now).
  private func flush(_ sent: inout Sent) async throws(PersistenceError) {
    guard !sent.ids.isEmpty else { return }
    _ = try await storage.removeSent(sent.ids, sent.made)
    optimistic.sent(entries: Set(sent.ids))
    await invalidate(sent.tags)
    sent = Sent()
  }

  /// Sends one entry (a POST already marked sending); returns how its resource's writes go on. A refusal's notice
  /// goes to `refusals`: one for the refused write and the writes after it to its resource, rolled back with it.
  private func deliver(
    _ entry: OutboxEntry, into report: inout SendReport, sent: inout Sent, refusals: inout [String]
  )
    async throws(PersistenceError) -> Delivery
  {
    // Whether the entry's attempt was not counted yet (a POST's was, by `begin`).
    let uncounted = entry.isIdempotent
    guard let request = request(for: entry) else {
      let reason = "its address \(entry.path) is not valid under \(configuration.baseURL.absoluteString)"
      _ = try await storage.update(entry.id, .refused, reason, uncounted)
      report.refused.append(entry)
      return .next
    }
    let tag = configuration.tag(for: request)
    do {
      let response = try await http.send(request)
      // A DELETE answered "not found" reached what it asked for: the resource is gone (a re-send after an
      // interrupted one that did arrive is answered so).
      let alreadyDone = request.method == .delete && (response.status == 404 || response.status == 410)
      if response.isSuccess || alreadyDone {
        reachability.reached()
        let made = response.headers["ETag"].flatMap { QueryCache.isSendableTag($0) ? $0 : nil }
        state.withLock { state in
          state.notBefore = nil
          if let condition = entry.ifMatch, let made { state.madeVersions[Self.version(entry.path, condition)] = made }
        }
        // Kept with the removal: the writes queued after it to the same item are sent over this version after a
        // restart too.
        if entry.ifMatch != nil, let made { sent.made[entry.id] = made }
        sent.ids.append(entry.id)
        sent.tags.insert(tag)
        report.sent.append(entry)
        return .next
      }
      if response.status == QueryCache.preconditionFailed, entry.ifMatch != nil {
        // Someone changed the item since the user acted: nothing was written. The user chooses (Keep mine: retry,
        // sent without the condition; Take theirs: discard); meanwhile the change is rolled back and the screens
        // read the server's item.
        reachability.reached()
        try await flush(&sent)
        // Listed in the report's `held`, read again when the round ends.
        _ = try await storage.update(entry.id, .conflict, Self.conflictReason, uncounted)
        let rolledBack = optimistic.release(entries: [entry.id])
        await invalidate(rolledBack.union([tag]))
        refusals.append(Self.conflictNotice(entry, actions: configuration.outboxActions(entry.id)))
        // The resource's later writes go on: an edit of the same item made over this one carries the same condition
        // and meets the same conflict, shown apart; anything else is not in its way.
        return .next
      }
      // A 4xx that asks to come back later (`Retry-After`: kumiki-api's 409 while the key's first request is still
      // answered) is not a refusal: the entry waits.
      if (400..<500).contains(response.status), response.status != 408, response.status != 429,
        response.headers["Retry-After"] == nil
      {
        reachability.reached()
        try await flush(&sent)
        let reason = Self.refusal(response)
        let refused = try await storage.update(entry.id, .refused, reason, uncounted) ?? entry
        // The writes made after it over its change (same path, not a POST) are refused with it, unsent.
        let dependants = try await refuseDependants(of: entry, status: response.status)
        // The changes never happened: they are rolled back, and screens read the server's truth again.
        let rolledBack = optimistic.release(entries: Set([entry.id] + dependants.map(\.id)))
        await invalidate(rolledBack.union([tag]))
        report.refused.append(refused)
        report.refused += dependants
        let why = response.serverReason.map { ": \($0)" } ?? ""
        let undone =
          switch dependants.count {
          case 0: "your change was undone"
          case 1: "your change and the one made after it to \(Self.itemPath(entry.path)) were undone"
          case let count:
            "your change and the \(count) made after it to \(Self.itemPath(entry.path)) were undone"
          }
        refusals.append(
          "The server refused a change that waited to send (\(entry.method.rawValue) \(entry.path), "
            + "\(response.status)\(why)) - \(undone).")
        return .next
      }
      if response.status >= 500 { reachability.failed(QueryCache.reason(status: response.status)) }
      let asked = response.retryAfter(now: now(), limit: Self.longestServerWait)
      // The resource's own wait is its back-off (``failed(_:asked:)``); a server unavailable as a whole holds every
      // resource.
      if let asked, Self.serverWide(response) {
        let until = now().addingTimeInterval(asked.seconds)
        state.withLock { $0.notBefore = until }
      }
      let reason =
        response.serverReason.map { Self.refusal(response, reason: $0) }
        ?? QueryCache.reason(status: response.status)
      _ = try await storage.update(entry.id, .pending, reason, uncounted)
      return .wait(reason, unreachable: false, asked: asked)
    } catch let error as HTTPError where QueryCache.isUnreachable(error) {
      let reason = QueryCache.reason(error)
      reachability.failed(reason)
      let lost = !entry.isIdempotent && Self.answerMayBeLost(error)
      _ = try await storage.update(
        entry.id, lost ? .outcomeUnknown : .pending, lost ? Self.lostAnswer : reason, uncounted)
      return .wait(lost ? Self.lostAnswer : reason, unreachable: true, asked: nil)
    } catch is CancellationError {
      let state: OutboxEntry.State = entry.isIdempotent ? .pending : .outcomeUnknown
      _ = try await storage.update(entry.id, state, "cancelled while sending", uncounted)
      return .stop("cancelled")
    } catch {
      let reason = String(describing: error)
      _ = try await storage.update(entry.id, .pending, reason, uncounted)
      return .wait(reason, unreachable: false, asked: nil)
    }
  }

  /// Marks refused, unsent, the writes that depend on `entry`, which the server refused (`status`): those waiting after
  /// it to the same path (the same item or singular resource, whatever the query) that change what is there — a PUT,
  /// PATCH or DELETE, made over its change. A POST adds something new: it depends on nothing before it. Returns them,
  /// oldest first.
  private func refuseDependants(of entry: OutboxEntry, status: Int) async throws(PersistenceError) -> [OutboxEntry] {
    let path = Self.itemPath(entry.path)
    let reason =
      "not sent: made after #\(entry.id) (\(entry.method.rawValue) \(path)), which the server refused (\(status))"
    var refused: [OutboxEntry] = []
    for later in try await storage.entries()
    where concerns(later) && later.id > entry.id && later.state == .pending && later.method != .post
      && Self.itemPath(later.path) == path
    {
      refused.append(try await storage.update(later.id, .refused, reason, false) ?? later)
    }
    return refused
  }

  /// A path without its query: what a refusal's dependants share (`subscriptions/3` for `subscriptions/3?x=1`).
  static func itemPath(_ path: String) -> String {
    path.firstIndex(of: "?").map { String(path[..<$0]) } ?? path
  }

  /// The request an entry holds, addressed to the API's base URL today.
  /// `nil` when the address is not a URL under the base URL (same scheme, host and port), or the entry is not a
  /// readable one (the storage checked its method, path and headers: `OutboxEntry`'s row rules).
  func request(for entry: OutboxEntry) -> HTTPRequest? {
    guard entry.state != .unreadable else { return nil }
    var base = configuration.baseURL.absoluteString
    if !base.hasSuffix("/") { base += "/" }
    let baseURL = configuration.baseURL
    guard let url = URL(string: base + entry.path), url.host != nil, url.scheme == baseURL.scheme,
      url.host == baseURL.host, url.port == baseURL.port,
      url.absoluteString.hasPrefix(base)
    else { return nil }
    var headers = HTTPHeaders()
    for header in entry.headers { headers.add(name: header.name, value: header.value) }
    if let key = entry.idempotencyKey { headers[OutboxEntry.idempotencyKeyHeader] = key }
    if let condition = entry.ifMatch {
      let made = state.withLock { $0.madeVersions[Self.version(entry.path, condition)] }
      headers[OutboxEntry.ifMatchHeader] = made ?? condition
    }
    return HTTPRequest(
      method: HTTPMethod(rawValue: entry.method.rawValue), url: url, headers: headers, body: entry.body)
  }
}
