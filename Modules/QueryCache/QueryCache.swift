import Foundation
import Networking
import Persistence

/// The query layer: an ``Networking/HTTPClient`` in front of another that answers GETs from a persistent response
/// cache, the way Redux Toolkit Query answers a store's queries, but kept in SQLite so a cold start without a
/// network still shows the last data.
///
/// Feature clients need no change: build them on ``client`` instead of the raw client. A load says how its reads
/// use the cache by running inside a ``Networking/QueryTrace`` (FeatureKit's loading screen does) and learns where
/// its data came from through it:
///
/// - identical GETs in flight are fetched once (100 concurrent → 1 transfer, 100 answers);
/// - ``Networking/ReadPolicy/cacheFirst``: within its max-age an entry answers and nothing is sent; past it the
///   stale entry answers at once and a refresh is sent in the background (stale-while-revalidate);
/// - ``Networking/ReadPolicy/networkFirst`` (Refresh, Retry) asks the network; if it is unreachable or answers 5xx
///   the entry answers, marked ``Networking/DataOrigin/offline(fetchedAt:reason:)``;
/// - a successful write (PATCH, POST, PUT, DELETE) invalidates the entries tagged with its path's first segment:
///   their next read goes to the network first; with an ``outbox``, a write that cannot reach the API is kept and
///   sent later, in order (see ``Outbox``);
/// - every write carries an `Idempotency-Key` made when it is sent (the user's action; one it already carries is
///   kept), kept with its outbox entry and sent again, unchanged, with every retry: the API answers a repeat without
///   writing again, so a write whose answer was lost is simply sent again;
/// - a PUT, PATCH or DELETE of a path it holds an answer for is sent with `If-Match: <that answer's ETag>` (the
///   version the screen showed; not when its intent overrides): a `412` means someone changed it since
///   (QueryCache+Conditions.swift);
/// - refreshes send `If-None-Match` / `If-Modified-Since` when the entry has validators; a 304 renews the entry;
/// - a GET that could not reach the API or was answered 5xx is tried again after a wait (``RetryPolicy``: 3 tries,
///   1 s doubling to 30 s, with jitter; a `Retry-After` the answer gives instead, at most 30 s) on the injected
///   `clock`, never after a 4xx or a cancellation.
///
/// Storage errors never fail a read: an unreadable entry is a miss and an unwritable one is not kept. Time comes from
/// `now`, so tests move it with a test clock.
public final class QueryCache: Sendable {
  /// Keys, tags and ages.
  public let configuration: QueryCacheConfiguration
  /// Whether the API was reachable, and the oldest data shown instead.
  public let reachability = NetworkReachability()
  /// Requests through ``client``, answered from the cache or not.
  private let activity = HTTPActivity()
  let http: HTTPClient
  let storage: ResponseCacheClient
  let now: @Sendable () -> Date
  let fetches = SharedFetches()
  let retrying: RetryingSend
  /// Makes each write's `Idempotency-Key`.
  private let idempotencyKey: @Sendable () -> String
  /// Optimistic changes of writes in flight or settled, laid over answers (QueryCache+Writes.swift).
  let optimistic = OptimisticEntries()
  let changeObservers = ChangeObservers()
  /// Writes that could not reach the API, kept until they can (`nil`: a write that cannot reach it fails).
  public let outbox: Outbox?

  /// A query layer sending through `http` and keeping answers in `storage`; with `outbox`, writes that cannot reach
  /// the API are kept there (unless `queuesWrites` is off: `--fresh`) and sent later (see ``Outbox``).
  /// - Parameters:
  ///   - now: the wall-clock time entries are dated with (ages, max-age).
  ///   - clock: what retries wait on (``QueryCacheConfiguration/retry``, and the outbox's ``Outbox/retryWhenDue()``):
  ///     the apps pass the store's clock, tests a `TestClock`.
  ///   - random: the jitter of each retry's wait, in 0..<1; tests pass a fixed value.
  ///   - idempotencyKey: makes each write's `Idempotency-Key` (a random UUID, 122 random bits); tests pass a
  ///     counter.
  public init(
    http: HTTPClient, storage: ResponseCacheClient, configuration: QueryCacheConfiguration,
    outbox: OutboxClient? = nil, queuesWrites: Bool = true,
    now: @escaping @Sendable () -> Date = { Date() },
    clock: any Clock<Duration> = ContinuousClock(),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
    idempotencyKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
  ) {
    self.http = http
    self.idempotencyKey = idempotencyKey
    self.storage = storage
    self.configuration = configuration
    self.now = now
    self.retrying = RetryingSend(
      policy: configuration.retry, clock: clock, random: random, reachability: reachability, now: now)
    let (monitor, optimistic, observers) = (self.reachability, self.optimistic, self.changeObservers)
    // The outbox invalidates as ``invalidate(tags:)`` does: the screens reading what it sent or refused are told.
    let invalidate = Self.invalidation(
      storage: storage, fetches: fetches, optimistic: optimistic, observers: observers)
    self.outbox = outbox.map {
      Outbox(
        storage: $0, isQueueing: queuesWrites, http: http, configuration: configuration, invalidate: invalidate,
        optimistic: optimistic, observers: observers, reachability: monitor, now: now, clock: clock, random: random)
    }
  }

  /// How far ahead of `now` an entry's date may be and still count as fresh, in seconds: clock adjustments of a
  /// moment (NTP slewing) keep answers fresh; an entry further ahead is stale.
  static let futureTolerance: TimeInterval = 5

  /// The client to build feature clients on.
  public var client: HTTPClient {
    HTTPClient(activity: activity) { request in try await self.send(request) }
  }

  /// How many transfers the cache started (identical requests in flight count once).
  public var transfers: Int { fetches.startedCount }

  /// How many callers wait for the transfer answering `request` now (identical requests share one).
  public func waiting(on request: HTTPRequest) -> Int {
    fetches.waiting(on: configuration.key(for: request))
  }

  /// Answers `request` (see the type's rules).
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.method == .get else { return try await write(request) }
    return withOptimisticChanges(try await read(request), for: request)
  }

  /// Answers the GET `request` from the cache or the network, as its trace's policy says.
  private func read(_ request: HTTPRequest) async throws -> HTTPResponse {
    let trace = QueryTrace.current
    let policy = configuration.forceNetwork ? .networkOnly : trace?.policy ?? .cacheFirst
    let key = configuration.key(for: request)
    let entry = policy == .networkOnly ? nil : try? await storage.entry(key)
    guard let entry else {
      let response = try await fetch(key, request, revalidating: nil)
      trace?.report(.network)
      return response
    }
    let age = now().timeIntervalSince(entry.fetchedAt)
    // An answer dated in the future was stamped before the clock was set back: its age is unknown, so it is stale
    // (revalidated), never fresh until the clock catches up.
    let fresh =
      !entry.isInvalidated && age > -Self.futureTolerance && age < configuration.maxAge(for: request).seconds
    switch policy {
    case .cacheOnly where !entry.isInvalidated || optimistic.covers(configuration.path(of: request)),
      .cacheFirst where fresh:
      trace?.report(.cache(fetchedAt: entry.fetchedAt))
      return Self.response(entry, for: request)
    case .cacheFirst where !entry.isInvalidated:
      trace?.report(.stale(fetchedAt: entry.fetchedAt, age: max(0, Int(age))))
      let refresh = Task<String?, Never> {
        let failure: String
        do {
          let response = try await self.fetch(key, request, revalidating: entry)
          if response.isSuccess { return nil }
          failure = Self.reason(status: response.status)
        } catch {
          failure = Self.reason(error)
        }
        // The stale entry stays what the reader shows, now as offline data.
        self.reachability.servedOffline(fetchedAt: entry.fetchedAt)
        return failure
      }
      trace?.report(refresh: refresh)
      return Self.response(entry, for: request)
    default:
      // Network first: Refresh, Retry, or an entry a write invalidated — for a cache-only re-read too, unless a
      // write's optimistic change lies over it (an accepted change shows without a refetch): the server's data
      // changed under it.
      let reason: String
      do {
        let response = try await fetch(key, request, revalidating: entry)
        guard response.status >= 500 else {
          trace?.report(.network)
          return response
        }
        reason = Self.reason(status: response.status)
      } catch let error as HTTPError where Self.isUnreachable(error) {
        reason = Self.reason(error)
      }
      trace?.report(.offline(fetchedAt: entry.fetchedAt, reason: reason))
      reachability.servedOffline(fetchedAt: entry.fetchedAt)
      return Self.response(entry, for: request)
    }
  }

  // MARK: - Network

  /// Fetches `request` once for all callers waiting on `key`; keeps a successful answer, renews `entry` on a 304.
  private func fetch(
    _ key: String, _ request: HTTPRequest, revalidating entry: CachedResponse?
  ) async throws
    -> HTTPResponse
  {
    try await fetches.run(key) { [http, storage, configuration, reachability, outbox, now, retrying, optimistic] in
      var request = request
      if let etag = entry?.header("ETag") { request.headers["If-None-Match"] = etag }
      if let modified = entry?.header("Last-Modified") { request.headers["If-Modified-Since"] = modified }
      let response: HTTPResponse
      let asked = optimistic.generation
      do {
        response = try await retrying(request, through: http)
      } catch let error as HTTPError where Self.isUnreachable(error) {
        reachability.failed(Self.reason(error))
        throw error
      }
      if response.status >= 500 {
        reachability.failed(Self.reason(status: response.status))
      } else {
        reachability.reached()
        // The API answers: writes kept while it did not can go now.
        outbox?.sendIfWaiting()
      }
      if response.isSuccess || response.status == 304 {
        optimistic.serverAnswered(configuration.path(of: request), since: asked)
      }
      if response.status == 304, var entry {
        entry.fetchedAt = now()
        entry.isInvalidated = false
        try? await storage.store(entry)
        return Self.response(entry, for: request)
      }
      if response.isSuccess {
        let fields = response.headers.map { CachedResponse.HeaderField(name: $0.name, value: $0.value) }
        try? await storage.store(
          CachedResponse(
            key: key, url: response.url.absoluteString, status: response.status, headers: fields,
            body: response.body, fetchedAt: now(), tags: [configuration.tag(for: request)]))
      }
      return response
    }
  }

  /// Sends a write and, when it succeeds, invalidates the entries tagged with its path (and its intent's tags; its
  /// optimistic changes: ``sendWrite(_:_:)``).
  private func write(_ request: HTTPRequest) async throws -> HTTPResponse {
    var keyed = request
    // Made once, here, for the user's action (or the one the intent carries: a retry the user asked for); the
    // outbox keeps it and every retry sends it again.
    let intent = WriteIntent.current
    if keyed.headers[OutboxEntry.idempotencyKeyHeader] == nil {
      keyed.headers[OutboxEntry.idempotencyKeyHeader] = intent?.idempotencyKey ?? idempotencyKey()
    }
    intent?.idempotencyKey = keyed.headers[OutboxEntry.idempotencyKeyHeader]
    // Conditional on the version the screen showed (QueryCache+Conditions.swift): the outbox keeps the condition too.
    let request = await conditioned(keyed, intent: intent)
    let response = try await sendWrite(request) {
      // With an outbox, a write that cannot reach the API is kept there (WriteQueued): its optimistic change
      // stays shown until the server answers for that path again.
      let response = if let outbox { try await outbox.write(request) } else { try await http.send(request) }
      // A conflict's item is kept before the change is rolled back: every screen that reads again after the
      // rollback reads theirs, never the answer from before.
      if response.status == Self.preconditionFailed { await remember(response, of: request) }
      return response
    }
    if response.status != Self.preconditionFailed { await remember(response, of: request) }
    return response
  }

  // MARK: - Helpers

  static func response(_ entry: CachedResponse, for request: HTTPRequest) -> HTTPResponse {
    HTTPResponse(
      status: entry.status,
      headers: HTTPHeaders(entry.headers.map { HTTPHeaders.Field(name: $0.name, value: $0.value) }),
      body: entry.body, url: URL(string: entry.url) ?? request.url)
  }

  /// Failures that mean "the API cannot be reached now", as opposed to an answer.
  static func isUnreachable(_ error: HTTPError) -> Bool {
    switch error {
    case .cannotConnect, .offline, .timedOut, .tlsFailure, .transferFailed: true
    default: false
    }
  }

  static func reason(_ error: any Error) -> String {
    switch error {
    case HTTPError.cannotConnect: "cannot connect"
    case HTTPError.offline(_, let reason): reason  // the app's own sentence: why there is no API to reach
    case HTTPError.timedOut: "timed out"
    default: String(describing: error)
    }
  }

  static func reason(status: Int) -> String { "\(serverErrorReason) \(status)" }

  /// How the reason for a 5xx answer starts (``NetworkReachability/unreachableStatus``).
  static let serverErrorReason = "server error"
}

extension Duration {
  /// This duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
