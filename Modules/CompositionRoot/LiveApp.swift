import FeatureAssembly
import FeatureKit
import Foundation
import LoadingScreenKit
import Networking
import NetworkingCurl
import Persistence
import PersistenceSQLite
import QueryCache
import Synchronization

/// The composition root: the standard features wired to live clients — libcurl, SQLite and, unless an API URL is
/// given, the embedded fixture API (a `kumiki-api` child process, ``EmbeddedAPI``). The only place outside tests
/// that touches live modules.
public final class LiveApp: Sendable {
  /// The assembled app (launched).
  public let runtime: AppRuntime
  /// The API in use.
  public let apiURL: URL
  /// Where the database is, for messages.
  public let databasePath: String
  /// One-line notices for the user (e.g. a corrupt database that was moved aside), to print on stderr.
  public let notices: [String]
  /// Requests in flight (for activity indicators).
  public let activity: HTTPActivity
  /// The query layer every feature client reads through: its reachability feeds the TUI's status bar and the CLI's
  /// offline notice.
  public let queryCache: QueryCache
  /// The embedded API this app started (or joined through its child), `nil` with a given API or one started on demand.
  let server: EmbeddedAPI?
  /// The embedded API a one-command run starts on its first request (``EmbeddedAPIOnDemand``), or `nil`.
  private let onDemand: EmbeddedAPIOnDemand?
  let database: KumikiDatabase
  private let cache: ResponseCacheDatabase
  /// The probe ``startReconnecting()`` started, cancelled by ``shutdown()``.
  private let reconnecting = Mutex<Task<Void, Never>?>(nil)
  /// Reads the outbox again at each commit another process makes to the database (``watchOtherProcesses(_:_:)``);
  /// `nil` for one command (`LaunchOptions.singleCommand`), which reads the outbox once and ends.
  let watcher: Task<Void, Never>?
  /// Sends a waiting write again by itself when its back-off ends (``Outbox/retryWhenDue()``), cancelled by
  /// ``shutdown()``; `nil` for one command, like ``watcher``.
  private let retrying: Task<Void, Never>?

  private init(
    runtime: AppRuntime, apiURL: URL, databasePath: String, notices: [String], activity: HTTPActivity,
    queryCache: QueryCache, server: EmbeddedAPI?, onDemand: EmbeddedAPIOnDemand?, database: KumikiDatabase,
    cache: ResponseCacheDatabase, watcher: Task<Void, Never>?, retrying: Task<Void, Never>?
  ) {
    self.onDemand = onDemand
    self.runtime = runtime
    self.apiURL = apiURL
    self.databasePath = databasePath
    self.notices = notices
    self.activity = activity
    self.queryCache = queryCache
    self.server = server
    self.database = database
    self.cache = cache
    self.watcher = watcher
    self.retrying = retrying
  }

  /// `offline — showing data from 2026/11/24 14:32` when a screen showed cached data because the API could not be reached
  /// (`server error — …` when it answered 5xx; the CLI prints it on standard error as `kumiki: …`), else `nil`.
  public var offlineNotice: String? {
    let word = queryCache.reachability.unreachableStatus ?? "offline"
    return queryCache.reachability.offlineDataSince.map { "\(word) — showing data from \($0.fetchTimeText)" }
  }

  /// Reconnects by itself until ``shutdown()``: while the API cannot be reached, the query layer asks it again with
  /// back-off on the store's clock (``QueryCache/reconnectWhileUnreachable()``); when it answers, the app gets
  /// `reconnected` (the screens on view refetch once) and the outbox sends what waits. The TUI starts it; a CLI
  /// command does not (it sends nothing beyond its own requests). Later calls do nothing.
  public func startReconnecting() {
    reconnecting.withLock { probe in
      guard probe == nil else { return }
      probe = Task { [queryCache] in await queryCache.reconnectWhileUnreachable() }
    }
  }

  /// The outbox's messages since the last call (a waiting change the server refused, changes sent), each once.
  public func takeOutboxNotices() -> [String] { queryCache.outbox?.takeNotices() ?? [] }

  /// Starts loading the HTTP stack (libcurl and its ~30 shared libraries, a few milliseconds of the loader) on a
  /// thread of its own and returns at once. For an app that knows from its arguments, before anything else, that it
  /// will send requests (`kumiki --fresh …`, which sends every read): the load overlaps the rest of its start-up
  /// instead of delaying the first request. An app that may send nothing (a command the response cache answers)
  /// does not call it. Call it before any other thread exists if the environment is changed first. The process must
  /// then end with `_exit` after flushing its output, not `exit` (``HTTPClient/loadCurlInBackground()`` says why).
  public static func loadNetworkInBackground() {
    HTTPClient.loadCurlInBackground()
  }

  /// Opens the database and the response cache, starts the embedded API (a child process) when needed, assembles the selected
  /// features over the query layer and launches the app (restoring persisted state). Nothing is left running when
  /// it throws.
  public static func start(_ options: LaunchOptions) async throws -> LiveApp {
    let maxAge = try cacheMaxAge(options.environment)
    let timeout = try requestTimeout(options.environment)
    let location: DatabaseLocation
    do {
      location = try DatabaseLocation.resolve(environment: options.environment, explicitPath: options.databasePath)
    } catch {
      throw LaunchError.database(String(describing: error))
    }
    let api: APISource
    if let given = options.apiURL {
      api = .given(given)
    } else {
      // Where the embedded API keeps its data: beside the database (none for an in-memory database). On a first run
      // the data folder does not exist yet: the child must find it (the database opens in parallel).
      let dataFile = fixtureDataLocation(for: location)
      if let dataFile { createPrivateFolder(for: dataFile) }
      let startAPI: @Sendable () async throws -> EmbeddedAPI = {
        try await EmbeddedAPI.start(
          binary: EmbeddedAPI.binaryPath(environment: options.environment), dataFile: dataFile,
          log: options.serverLog)
      }
      // One command: the child starts on the first request that needs it (none for a command the cache answers);
      // an app that keeps running boots it while the databases open.
      api =
        options.singleCommand ? .onDemand(EmbeddedAPIOnDemand(start: startAPI)) : .embedded(Task(operation: startAPI))
    }
    do {
      return try await start(options, location: location, api: api, maxAge: maxAge, timeout: timeout)
    } catch {
      if case .embedded(let starting) = api, let server = try? await starting.value { await server.stop() }
      if case .onDemand(let onDemand) = api { await onDemand.stop() }
      throw error
    }
  }

  /// Where the API is: given (`--api`), the embedded child process, starting, or the child a first request starts.
  private enum APISource {
    case given(URL)
    case embedded(Task<EmbeddedAPI, any Error>)
    case onDemand(EmbeddedAPIOnDemand)
  }

  private static func start(
    _ options: LaunchOptions, location: DatabaseLocation, api: APISource, maxAge: Duration, timeout: Duration
  ) async throws -> LiveApp {
    // The HTTP client loads libcurl at its first request, unless the app started the load at launch
    // (``loadNetworkInBackground()``). (Made here, used below unless there is no API to send to.)
    let givenCredentials: URLCredentials?
    if case .given(let given) = api { givenCredentials = URLCredentials.split(given).1 } else { givenCredentials = nil }
    let curl = HTTPClient.curl(
      CurlConfiguration(timeout: timeout, credentials: givenCredentials))
    // A cache location that would take the database's own files is refused before the database is opened: a usage
    // error leaves the database as it was, byte for byte (opening and closing it checkpoints it). Checked again once
    // the database exists: another spelling of a file not made yet (a link, `./`) is known by its inode only then.
    _ = try cacheLocation(for: location, environment: options.environment)
    let database: KumikiDatabase
    do {
      database = try KumikiDatabase.open(
        at: location, options: DatabaseOptions(readOnlyUntilWrite: options.singleCommand))
    } catch {
      throw LaunchError.database(String(describing: error))
    }
    var notices: [String] = []
    if let recovered = database.recoveredFrom { notices.append(String(describing: recovered)) }
    // Rows that cannot be read (a hand edit, another version) are named once; they never stop the app.
    notices.append(contentsOf: (try? await database.unreadableRows()) ?? [])
    let (cache, cacheNotice): (ResponseCacheDatabase, String?)
    do {
      (cache, cacheNotice) = try openCache(
        cacheLocation(for: location, environment: options.environment), writesAtClose: options.singleCommand)
    } catch {
      try? database.close()
      throw error
    }
    if let cacheNotice { notices.append(cacheNotice) }

    let server: EmbeddedAPI?
    let apiURL: URL
    var credentials: URLCredentials?
    /// Why there is no API this run (its data file does not load), for every request's error.
    var unavailable: String?
    switch api {
    case .given(let given):
      server = nil
      // User name and password go to the HTTP client alone: no message, cache key or recording holds them.
      (apiURL, credentials) = URLCredentials.split(given)
    case .onDemand:
      server = nil
      apiURL = EmbeddedAPIOnDemand.placeholder
    case .embedded(let starting):
      do {
        let started = try await starting.value
        server = started
        apiURL = started.baseURL
      } catch {
        // A broken data file is the user's to fix, and needs no API to be fixed: the app runs offline (the response
        // cache answers what it holds, writes wait in the outbox), every request fails saying why, and so does a
        // notice.
        guard let data = (error as? EmbeddedAPIError)?.unloadableData else {
          try? database.close()
          cache.close()
          throw LaunchError.embeddedServer(String(describing: error))
        }
        let problem = Self.unloadableDataMessage(file: data.file, reason: data.reason)
        server = nil
        apiURL = Self.unavailableAPIURL
        unavailable = problem
        notices.append(problem)
      }
    }

    let http: HTTPClient
    if let unavailable {
      http = HTTPClient { request in throw HTTPError.offline(request.url, reason: unavailable) }
    } else if case .onDemand(let onDemand) = api {
      http = onDemand.client(over: curl)
    } else {
      // The embedded API's answers are used only when they prove its run token (never sent to a given --api URL).
      http =
        server.flatMap { server in server.token.map { curl.provingRun($0, at: apiURL, handOvers: server.handOvers) } }
        ?? curl
    }
    var configuration = QueryCacheConfiguration(
      baseURL: apiURL, namespace: options.apiURL == nil ? "embedded" : Self.cacheNamespace(apiURL, credentials),
      defaultMaxAge: maxAge, forceNetwork: options.fresh)
    if let actions = options.outboxActions { configuration.outboxActions = actions }
    let queryCache = QueryCache(
      http: http, storage: cache.client, configuration: configuration,
      outbox: database.outbox, queuesWrites: !options.fresh, now: options.now, clock: options.clock)
    let dependencies = FeatureDependencies(http: queryCache.client, apiURL: apiURL, persistence: database.client)
    let registry: FeatureRegistry
    do {
      registry = try StandardFeatures.registry(dependencies, selecting: options.features)
    } catch {
      try? database.close()
      cache.close()
      throw LaunchError.features(String(describing: error))
    }
    let featureState = database.featureState
    let storage = FeatureStateStorage(
      load: { key in try await featureState.load(key).map { (version: $0.version, data: $0.data) } },
      save: { key, version, data in try await featureState.save(key, version, data) }
    )
    let runtime = registry.assemble(storage: storage, middlewares: options.middlewares, clock: options.clock)
    // The API answering again after it could not be reached is an app event: screens showing offline data refetch
    // once, as their reducers decide.
    queryCache.reachability.onReconnect { [weak runtime] in runtime?.send(.reconnected) }
    // A write's optimistic change shown or rolled back: every loaded screen reads its data again from the cache.
    queryCache.observeChanges { [runtime] tags in runtime.send(.dataChanged(tags)) }
    // Writes kept by an earlier run go out now if the API answers (in the background).
    await queryCache.outbox?.start()
    if options.launch {
      for error in await runtime.launch() { notices.append("could not restore saved state: \(error)") }
    }
    var onDemandAPI: EmbeddedAPIOnDemand?
    if case .onDemand(let onDemand) = api { onDemandAPI = onDemand }
    return LiveApp(
      runtime: runtime, apiURL: apiURL, databasePath: database.location.displayPath, notices: notices,
      activity: http.activity, queryCache: queryCache, server: server, onDemand: onDemandAPI, database: database,
      cache: cache,
      watcher: options.singleCommand ? nil : watchOtherProcesses(database, queryCache),
      retrying: options.singleCommand ? nil : queryCache.outbox.map { outbox in Task { await outbox.retryWhenDue() } })
  }

  /// What another process does to the database reaches this app: at each of its commits (the database's watcher,
  /// `KumikiDatabase.externalChanges()`) the outbox is read again — a write queued elsewhere is counted, listed and
  /// laid over the answers, one sent or discarded elsewhere is dropped and its tags invalidated (screens told) — and
  /// its listeners woken (the TUI's status bar). Saved items reach their screens through their own observation of the
  /// same watcher. Ends when the app shuts down or the database can no longer be read. Not for one command: it runs
  /// for as long as the app does, and a CLI command has read the outbox once when it starts (no poller, no extra read).
  private static func watchOtherProcesses(_ database: KumikiDatabase, _ queryCache: QueryCache) -> Task<Void, Never> {
    Task {
      guard let outbox = queryCache.outbox else { return }
      do {
        for try await _ in database.externalChanges() { await outbox.refresh() }
      } catch {
        // The database was closed (shutdown) or cannot be read: its next use says why.
      }
    }
  }

  /// The address the app's requests name when the embedded API could not start: nothing is ever sent to it (the
  /// discard port of loopback), and no message names it (each request fails with `HTTPError.offline`, whose message
  /// is why).
  static let unavailableAPIURL = URL(string: "http://127.0.0.1:9")!

  /// What the user is told when the embedded API cannot load its data file: the file, why, and the way out.
  static func unloadableDataMessage(file: String, reason: String) -> String {
    let start =
      "the embedded API cannot load its data file \(file) (\(reason)): only answers kept in the response cache can "
      + "be shown, and changes wait in the outbox; "
    // Something other than a file (a directory, a FIFO…) is never replaced: the user moves it.
    guard !reason.hasSuffix("not a data file") else {
      return start + "move it away, and the next run starts from the sample data"
    }
    return start + "`kumiki fixtures reset` puts the sample data in its place and keeps the file as "
      + "\((file as NSString).lastPathComponent).corrupt-<time> beside it"
  }

  /// The json file the embedded API serves and saves writes to, beside the database file
  /// (`kumiki.sqlite` → `kumiki-api.json`); `nil` for an in-memory database, whose API keeps writes in memory.
  public static func fixtureDataLocation(for location: DatabaseLocation) -> String? {
    guard case .file(let path) = location else { return nil }
    let url = URL(fileURLWithPath: path)
    let stem = url.deletingPathExtension().lastPathComponent
    return url.deletingLastPathComponent().appendingPathComponent("\(stem)-api.json").path
  }

  /// The cache namespace of an API: its URL (without user info) and, when it was given credentials, a digest of the
  /// user name, so two accounts on one API never read each other's cached answers and no key holds the name itself.
  static func cacheNamespace(_ url: URL, _ credentials: URLCredentials?) -> String {
    guard let credentials else { return url.absoluteString }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, stable across runs (Swift's Hasher is seeded per process)
    for byte in credentials.user.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return url.absoluteString + " as user-" + String(hash, radix: 16)
  }

  /// Creates the folder that will hold `path` (private, 0700) when missing; a failure is left for the opener of the
  /// file to report.
  static func createPrivateFolder(for path: String) {
    try? FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
  }

  /// Opens the response cache at `location`; when it cannot be opened at all (an unwritable folder), an in-memory
  /// cache instead, with a notice: the cache never keeps the app from starting.
  static func openCache(
    _ location: DatabaseLocation, writesAtClose: Bool = false
  ) throws -> (ResponseCacheDatabase, String?) {
    do {
      let cache = try ResponseCacheDatabase.open(at: location, writesAtClose: writesAtClose)
      return (cache, cache.droppedCorruptFile.map { String(describing: $0) })
    } catch {
      do {
        return (try ResponseCacheDatabase.open(at: .inMemory), "the response cache is off for this run: \(error)")
      } catch {
        throw LaunchError.cache(String(describing: error))
      }
    }
  }

  /// The longest `KUMIKI_CACHE_MAX_AGE` accepted: a year.
  static let maximumMaxAge = 365.0 * 24 * 3600
  /// The longest `KUMIKI_TIMEOUT` accepted: a day.
  static let maximumTimeout = 24.0 * 3600

  /// How long an answer stays fresh: `KUMIKI_CACHE_MAX_AGE` seconds (decimals allowed, 0 to refresh every read, at
  /// most a year), 60 s by default.
  static func cacheMaxAge(_ environment: [String: String]) throws -> Duration {
    guard let text = environment["KUMIKI_CACHE_MAX_AGE"], !text.isEmpty else { return .seconds(60) }
    switch BoundedNumber.seconds(text, in: 0...maximumMaxAge) {
    case .success(let duration): return duration
    case .failure(let problem): throw LaunchError.invalidMaxAge(text, problem)
    }
  }

  /// The per-request time limit: `KUMIKI_TIMEOUT` seconds (decimals allowed, 0.001 to a day), 30 s by default.
  static func requestTimeout(_ environment: [String: String]) throws -> Duration {
    guard let text = environment["KUMIKI_TIMEOUT"], !text.isEmpty else { return .seconds(30) }
    switch BoundedNumber.seconds(text, in: 0.001...maximumTimeout, roundingUp: true) {
    case .success(let duration): return duration
    case .failure(let problem): throw LaunchError.invalidTimeout(text, problem)
    }
  }

  /// Stops effects and the embedded server, and closes the database, checkpointed (after it, the file holds
  /// everything on its own: `KumikiDatabase.close()`), and the response cache, which leaves its log for the next run
  /// (`ResponseCacheDatabase.close()`). Run it on every clean exit.
  public func shutdown() async {
    let probe = reconnecting.withLock { $0 }
    probe?.cancel()
    await probe?.value
    retrying?.cancel()
    await retrying?.value
    runtime.send(.terminate)
    runtime.store.cancelAllEffects()
    await runtime.store.settled()
    // A round of writes from the outbox in progress finishes (each request within its timeout): an interrupted
    // POST would be left with an unknown outcome.
    await queryCache.outbox?.finishSending()
    watcher?.cancel()
    await watcher?.value
    await server?.stop()
    await onDemand?.stop()
    try? database.close()
    cache.close()
  }
}
