import Synchronization

/// What one load read: the ``ReadPolicy`` its reads use, where their data came from, and the background refreshes
/// they started. A load runs inside ``run(_:)``; the query layer finds the trace as ``current`` (a task-local, so
/// the concurrent reads of a fan-out report into the same trace) and reports to it.
///
/// ```swift
/// let trace = QueryTrace(policy: .cacheFirst)
/// let response = try await trace.run { try await client.fetchAll() }
/// send(.loaded(response, origin: trace.origin))          // maybe stale…
/// if case .failed(let reason) = await trace.refreshes() { … }  // …and its refresh
/// ```
///
/// Without a trace (a feature suite's fake client, a command-line tool) reads use ``ReadPolicy/cacheFirst`` and
/// report nowhere.
public final class QueryTrace: Sendable {
  /// The trace of the load running in this task, if any.
  @TaskLocal public static var current: QueryTrace?

  /// How this load's reads use the cache.
  public let policy: ReadPolicy

  /// What became of a load's background refreshes.
  public enum Refreshes: Equatable, Sendable {
    /// The load read nothing stale: nothing was refreshed.
    case none
    /// Every stale read was refreshed and the cache holds the new answers.
    case refreshed
    /// A refresh failed; the reason of the first failure.
    case failed(String)
  }

  private struct Record {
    var origin: DataOrigin?
    var refreshes: [Task<String?, Never>] = []
  }

  private let record = Mutex(Record())

  /// A trace whose reads use `policy`.
  public init(policy: ReadPolicy) {
    self.policy = policy
  }

  /// Runs `body` with this trace as ``current``.
  public func run<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
    try await Self.$current.withValue(self) { try await body() }
  }

  /// Where the data read so far came from, combined (``DataOrigin/combined(with:)``); ``DataOrigin/network`` when
  /// nothing reported.
  public var origin: DataOrigin {
    record.withLock { $0.origin } ?? .network
  }

  /// Reports a read's origin (the query layer calls this).
  public func report(_ origin: DataOrigin) {
    record.withLock { $0.origin = $0.origin.map { $0.combined(with: origin) } ?? origin }
  }

  /// Reports a background refresh; the task returns `nil` on success or the reason it failed.
  public func report(refresh: Task<String?, Never>) {
    record.withLock { $0.refreshes.append(refresh) }
  }

  /// Waits for every background refresh the reads started and says how they went.
  public func refreshes() async -> Refreshes {
    let tasks = record.withLock { $0.refreshes }
    guard !tasks.isEmpty else { return .none }
    var failure: String?
    for task in tasks {
      if let reason = await task.value, failure == nil { failure = reason }
    }
    return failure.map(Refreshes.failed) ?? .refreshed
  }
}
