import CompositionRootTesting
import Core
import CoreTesting
import FeatureKit
import FixtureServer
import Foundation
import LoadingScreenKit
import Networking
import NetworkingCurl
import Persistence
import PersistenceSQLite
import Presentation
import ProfileFeature
import QueryCache
import Synchronization
import Testing

/// The query layer for real: Profile's screen over `QueryCache` over libcurl, against the fixture server (its request
/// log counts what reached it, its faults break it) and a response cache file that each "launch" opens again.
/// The query layer's clock is moved by the test, so entries go stale without waiting.
///
/// No outcome rests on a race with the machine's load: a request that must be answered has a generous limit
/// (``World/launch(timeout:transport:)``), the one that must time out waits on the server far longer than its own
/// limit, and the shared transfer is held until every caller waits on it.
@Suite(.timeLimit(.minutes(2)))
struct QueryCacheIntegrationTests {
  enum Fault: String, CaseIterable, CustomTestStringConvertible {
    case refused, serverError, timeout
    var testDescription: String { rawValue }
    /// The reason the query layer gives.
    var reason: String {
      switch self {
      case .refused: "cannot connect"
      case .serverError: "server error 500"
      case .timeout: "timed out"
      }
    }
  }

  static let endpoints = ["profile_personal", "profile_announcement", "profile_comment", "profile_recent_favorite"]
  /// The timeout fault: each request's limit, and the server's delay — three times as long, so the request times out
  /// however slowly the machine runs, while the answers after the fault is cleared come well within the limit.
  /// (A 250 ms limit for every launch, with a 1.5 s delay, made the requests that had to succeed time out under load.)
  static let shortTimeout = Duration.seconds(2)
  static let timeoutDelay = 6_000

  @Test(arguments: Fault.allCases)
  func aStaleProfileShowsAtOnceThenOfflineWhenTheNetworkFailsAndRetryRecovers(_ fault: Fault) async throws {
    let world = try await World()
    defer { world.remove() }
    let expected = try await world.profileFromTheServer()

    // First launch: everything from the network, kept in the cache file.
    try await Self.warmCache(world, with: expected)
    #expect(Self.endpoints.map { world.log.count("GET", $0) } == [1, 1, 1, 1])

    // Later, the network breaks. Second launch: the stale profile at once, then the same profile marked offline.
    world.now.advance(by: 90)
    switch fault {
    case .refused: await world.server.shutdown()
    case .serverError: world.server.setFaults([.status(500)])
    case .timeout: world.server.setFaults([.latency(milliseconds: Self.timeoutDelay)])
    }
    let app = try world.launch(timeout: fault == .timeout ? Self.shortTimeout : World.timeout)
    let stale = DataOrigin.stale(fetchedAt: MovableNow.start, age: 90)
    let offline = DataOrigin.offline(fetchedAt: MovableNow.start, reason: fault.reason)
    await app.store.send(.load(.appear)) {
      $0.load = Self.loading()
      $0.toast.screenAppeared()
    }
    await app.store.receive(.load(.loaded(expected, origin: stale))) { $0.load = Self.loaded(expected, stale) }
    await app.store.receive(.load(.loaded(expected, origin: offline))) { $0.load.origin = offline }
    await app.store.finish()
    #expect(app.cache.reachability.unreachableReason == fault.reason)
    #expect(app.cache.reachability.offlineDataSince == MovableNow.start)
    #expect(app.transcript() == [.text(offline.note!), .button("Retry", .load(.retry))])
    #expect(offline.note!.hasPrefix(fault == .serverError ? "server error - as of " : "offline - as of "))
    if fault == .serverError {  // every stale read was refreshed, and refused
      #expect(Self.endpoints.map { world.log.count("GET", $0, status: 500) } == [1, 1, 1, 1])
    }

    // Retry asks the network first; still down, the cache answers, offline again.
    await app.store.send(.load(.retry)) {  // the offline profile stays on screen while Retry asks
      $0.load.startsLoad = true; $0.load.asksNetworkFirst = true
    }
    await app.store.receive(.load(.loaded(expected, origin: offline))) { $0.load = Self.loaded(expected, offline) }

    // The network is back: Retry shows fresh data and the status clears.
    switch fault {
    case .refused: try await world.restartServer()
    case .serverError, .timeout: world.server.clearFaults()
    }
    await app.store.send(.load(.retry)) {  // the offline profile stays on screen while Retry asks
      $0.load.startsLoad = true; $0.load.asksNetworkFirst = true
    }
    await app.store.receive(.load(.loaded(expected))) { $0.load = Self.loaded(expected, .network) }
    await app.store.finish()
    #expect(app.cache.reachability.unreachableReason == nil)
    #expect(!app.transcript().contains(.text(offline.note!)))  // no offline note or Retry above the content
    #expect(!app.transcript().contains(.button("Retry", .load(.retry))))
    app.close()
    await world.server.shutdown()
  }

  @Test func withinMaxAgeASecondLaunchSendsNoRequest() async throws {
    let world = try await World()
    defer { world.remove() }
    let expected = try await world.profileFromTheServer()
    try await Self.warmCache(world, with: expected)
    world.now.advance(by: 59)
    let app = try world.launch()
    let cached = DataOrigin.cache(fetchedAt: MovableNow.start)
    await Self.appear(app, loads: expected, from: cached)
    app.close()
    #expect(world.log.lines.count == 4, "\(world.log.lines)")
    await world.server.shutdown()
  }

  @Test func pastMaxAgeTheStaleProfileIsRevalidatedWithA304AndRenewed() async throws {
    let world = try await World()
    defer { world.remove() }
    let expected = try await world.profileFromTheServer()
    do {
      let app = try world.launch()
      await Self.appear(app, loads: expected, from: .network)
      #expect(try await app.entry("profile_personal")?.header("ETag") != nil)
      app.close()
    }
    world.now.advance(by: 90)
    let app = try world.launch()
    let stale = DataOrigin.stale(fetchedAt: MovableNow.start, age: 90)
    await app.store.send(.load(.appear)) {
      $0.load = Self.loading()
      $0.toast.screenAppeared()
    }
    await app.store.receive(.load(.loaded(expected, origin: stale))) { $0.load = Self.loaded(expected, stale) }
    await app.store.receive(.load(.loaded(expected))) { $0.load.origin = .network }
    await app.store.finish()
    // Each refresh carried the entry's ETag; the server answered 304 without a body and the entry was renewed.
    #expect(Self.endpoints.map { world.log.count("GET", $0, status: 304) } == [1, 1, 1, 1], "\(world.log.lines)")
    for endpoint in Self.endpoints {
      #expect(try await app.entry(endpoint)?.fetchedAt == MovableNow.start.addingTimeInterval(90), "\(endpoint)")
    }
    app.close()
    await world.server.shutdown()
  }

  @Test func aSavedNicknameInvalidatesTheCachedProfileAndTheNextLaunchFetchesIt() async throws {
    let world = try await World()
    defer { world.remove() }
    let before = try await world.profileFromTheServer()
    do {
      let app = try world.launch()
      app.store.exhaustivity = .off
      await app.store.send(.load(.appear))
      await app.store.receive(.load(.loaded(before)))
      await app.store.send(.editProfile)
      await app.store.send(.edited("nickname", "組木の編集者"))
      // PATCH /profile_personal through ProfileClient.updatePersonal
      await app.store.send(.save(.submit(ProfilePersonalPatch(nickname: "組木の編集者"))))
      await app.store.finish()
      #expect(app.store.state.load.content?.personal.nickname == "組木の編集者")

      // The entry stays in the file, marked; the other endpoints' entries are untouched.
      let personal = try #require(try await app.entry("profile_personal"))
      #expect(personal.isInvalidated)
      #expect(String(decoding: personal.body, as: UTF8.self).contains("食いしん坊の編集者"))
      for endpoint in Self.endpoints.dropFirst() {
        #expect(try await app.entry(endpoint)?.isInvalidated == false, "\(endpoint)")
      }
      app.close()
    }
    #expect(world.log.count("PATCH", "profile_personal") == 1)

    // Within max-age, yet the write said the profile is out of date: only it is fetched again.
    world.now.advance(by: 10)
    let after = {
      var after = before
      after.personal.nickname = "組木の編集者"
      return after
    }()
    let app = try world.launch()
    let cached = DataOrigin.cache(fetchedAt: MovableNow.start)  // three endpoints still from the cache
    await Self.appear(app, loads: after, from: cached)
    #expect(Self.endpoints.map { world.log.count("GET", $0) } == [2, 1, 1, 1])
    let refetched = try #require(try await app.entry("profile_personal"))
    #expect(!refetched.isInvalidated)
    #expect(refetched.fetchedAt == MovableNow.start.addingTimeInterval(10))
    app.close()
    await world.server.shutdown()
  }

  @Test func anInvalidatedEntryIsStillShownOfflineWhenTheServerIsGone() async throws {
    let world = try await World()
    defer { world.remove() }
    let before = try await world.profileFromTheServer()
    do {
      let app = try world.launch()
      await Self.appear(app, loads: before, from: .network)
      // A write from elsewhere in the app (here, straight through the client) invalidates the profile.
      let patched = try await app.client.updatePersonal(ProfilePersonalPatch(nickname: "組木の編集者"))
      #expect(patched.nickname == "組木の編集者")
      app.close()
    }
    await world.server.shutdown()

    let app = try world.launch()
    let offline = DataOrigin.offline(fetchedAt: MovableNow.start, reason: "cannot connect")
    await Self.appear(app, loads: before, from: offline)
    app.close()
  }

  @Test func aHundredConcurrentIdenticalGETsReachTheServerOnce() async throws {
    let world = try await World()
    defer { world.remove() }
    // The transfer is held until every caller has joined it, however long that takes.
    let release = ArrivalGate(count: 2)
    let app = try world.launch { curl in
      HTTPClient { request in
        await release.arrive()
        return try await curl.send(request)
      }
    }
    defer { app.close() }
    let request = HTTPRequest.get(world.server.baseURL.appending(path: "profile_personal"))
    let http = app.cache.client
    let answers = Task {
      try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
        for _ in 0..<100 {
          // Network only: the cache cannot answer, so only sharing the transfer keeps this to one request.
          group.addTask { try await QueryTrace(policy: .networkOnly).run { try await http.data(request) } }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    try await poll("100 callers waiting on one transfer") { app.cache.waiting(on: request) == 100 }
    await release.arrive()
    let responses = try await answers.value

    #expect(responses.count == 100)
    #expect(responses.allSatisfy { $0.status == 200 && $0.body == responses[0].body })
    #expect(try responses[0].decode(ProfilePersonal.self).nickname == "食いしん坊の編集者")
    #expect(app.cache.transfers == 1)
    #expect(world.log.count("GET", "profile_personal") == 1, "\(world.log.lines)")
    #expect(try await app.entry("profile_personal")?.body == responses[0].body)
    await world.server.shutdown()
  }

  // MARK: - States

  /// A first launch that fills the cache: Profile's screen loads `response` from the network, then the app closes.
  static func warmCache(_ world: World, with response: ProfileContent) async throws {
    let app = try world.launch()
    await appear(app, loads: response, from: .network)
    app.close()
  }

  /// Profile's screen appears and loads `response`, answered `from` `origin`; no effect is left running.
  static func appear(_ app: Launch, loads response: ProfileContent, from origin: DataOrigin) async {
    await app.store.send(.load(.appear)) {
      $0.load = Self.loading()
      $0.toast.screenAppeared()
    }
    await app.store.receive(.load(.loaded(response, origin: origin))) { $0.load = Self.loaded(response, origin) }
    await app.store.finish()
  }

  static func loading() -> ScreenLoad<ProfileContent> {
    ScreenLoad(phase: .loading, startsLoad: true)
  }

  static func loaded(_ response: ProfileContent, _ origin: DataOrigin) -> ScreenLoad<ProfileContent> {
    ScreenLoad(phase: .loaded(ProfileContent(response)), origin: origin)
  }
}

// MARK: - The world: a fixture server, its request log, a cache file, the query layer's clock

/// One test's server (with a request log), response cache file and clock.
final class World: Sendable {
  let log = ServerLog()
  let now = MovableNow()
  let folder: URL
  private let current: Mutex<FixtureServer>

  var server: FixtureServer { current.withLock { $0 } }
  var cachePath: String { folder.appending(path: "kumiki-cache.sqlite").path }

  init() async throws {
    folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-query-\(UUID().uuidString)")
    let log = log
    current = Mutex(try await FixtureServer.start(.init(port: 0, requestLog: { log.append($0) })))
  }

  /// A new server on the old one's port (it was shut down), so the apps' base URL reaches it again.
  func restartServer() async throws {
    let log = log
    let port = server.port
    let server = try await FixtureServer.start(.init(port: port, requestLog: { log.append($0) }))
    current.withLock { $0 = server }
  }

  /// Profile as the server has it now, read without the cache; the request log is emptied afterwards.
  func profileFromTheServer() async throws -> ProfileContent {
    let response = try await ProfileClient.live(http: .curl(), baseURL: server.baseURL).fetchAll()
    log.removeAll()
    return response
  }

  /// Each request's limit, unless a test asks for another: far above what a request on loopback takes on a busy
  /// machine.
  static let timeout = Duration.seconds(30)

  /// A launch of the app: the cache file opened again, a query layer over it (60 s max-age, `timeout` per request;
  /// failures answered at once, without retries, which `HomeRetryIntegrationTests` covers) over libcurl, or over
  /// what `transport` makes of it, and Profile's screen in a test store.
  func launch(
    timeout: Duration = World.timeout, transport: (HTTPClient) -> HTTPClient = { $0 }
  ) throws -> Launch {
    let database = try ResponseCacheDatabase.open(at: .file(path: cachePath))
    #expect(database.droppedCorruptFile == nil)
    let now = now
    let cache = QueryCache(
      http: transport(.curl(CurlConfiguration(timeout: timeout))), storage: database.client,
      configuration: QueryCacheConfiguration(baseURL: server.baseURL, namespace: "fixture", retry: .never),
      now: { now.date })
    let client = ProfileClient.live(http: cache.client, baseURL: server.baseURL)
    let module = ProfileFeature.module(client: client)
    let store = TestStore(initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares)
    return Launch(
      database: database, cache: cache, client: client, store: store, present: module.present!,
      baseURL: server.baseURL)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// One launch: its cache file, query layer, client and store.
struct Launch {
  let database: ResponseCacheDatabase
  let cache: QueryCache
  let client: ProfileClient
  let store: TestStore<ProfileFeature.State, ProfileFeature.Action>
  let present: @Sendable (ProfileFeature.State) -> ViewNode<ProfileFeature.Action>
  let baseURL: URL

  /// The cached answer to `GET /<endpoint>`, as the file holds it.
  func entry(_ endpoint: String) async throws -> CachedResponse? {
    try await database.client.entry(cache.configuration.key(for: .get(baseURL.appending(path: endpoint))))
  }

  /// The first lines the screen shows: its texts and buttons, in order, up to the first other node.
  func transcript() -> [Line] {
    guard case .stack(let nodes) = present(store.state) else { return [] }
    var lines: [Line] = []
    for node in nodes {
      switch node {
      case .text(let text, _): lines.append(.text(text))
      case .button(let label, let action, _): lines.append(.button(label, action))
      case .section(let title, _): return lines + [.text(title)]
      default: return lines
      }
    }
    return lines
  }

  enum Line: Equatable {
    case text(String)
    case button(String, ProfileFeature.Action)
  }

  func close() { database.close() }
}

/// The query layer's wall clock, moved by the test.
final class MovableNow: Sendable {
  static let start = Date(timeIntervalSince1970: 1_795_000_000)
  private let offset = Mutex<TimeInterval>(0)

  var date: Date { Self.start.addingTimeInterval(offset.withLock { $0 }) }
  func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}

/// Waits until `condition` holds, failing after `timeout` (for conditions nothing can be awaited on).
func poll(_ description: String, timeout: Duration = .seconds(10), _ condition: () -> Bool) async throws {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while !condition() {
    guard clock.now < deadline else { throw PollTimedOut(description: description) }
    try await Task.sleep(for: .milliseconds(5))
  }
}

struct PollTimedOut: Error, CustomStringConvertible {
  let description: String
}
