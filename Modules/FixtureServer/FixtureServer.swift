import FixtureData
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

import struct Networking.RunToken

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Kumiki fixture API: a json-server 0.17 compatible HTTP server for the gourmet-magazine sample data, with
/// switchable fault injection.
///
/// ```swift
/// let server = try await FixtureServer.start()          // 127.0.0.1, ephemeral port, bundled db.json
/// let url = server.baseURL.appending(path: "posts")        // http://127.0.0.1:PORT/posts
/// // POST, PUT, PATCH and DELETE change the served data, in memory unless Configuration.databaseFile is set.
/// server.setFaults([.status(503)], for: .endpoint("posts"))
/// server.clearFaults()
/// await server.shutdown()
/// ```
///
/// Starting is cheap (one listening socket on Hummingbird's shared event loops), so tests can start one server
/// each and run in parallel. Every method is safe to call from any task.
public final class FixtureServer: Sendable {
  /// `http://HOST:PORT` of the running server, without a trailing slash.
  public let baseURL: URL
  /// The address the server is bound to.
  public let host: String
  /// The bound port (the actual one when ``Configuration/port`` was 0).
  public let port: Int
  /// The data being served now, including every write so far.
  public var database: FixtureDatabase { store.snapshot }

  private let store: FixtureStore
  private let faultStore: FaultStore
  private let serviceGroup: ServiceGroup
  private let running: Task<Void, any Error>

  private init(
    host: String, port: Int, store: FixtureStore, faultStore: FaultStore, serviceGroup: ServiceGroup,
    running: Task<Void, any Error>
  ) {
    self.host = host
    self.port = port
    self.store = store
    self.faultStore = faultStore
    self.serviceGroup = serviceGroup
    self.running = running
    let urlHost = host.contains(":") ? "[\(host)]" : host
    baseURL = URL(string: "http://\(urlHost):\(port)")!
  }

  deinit {
    // A server that is dropped without `shutdown()` still stops, instead of listening until the process exits.
    let group = serviceGroup
    Task { await group.triggerGracefulShutdown() }
  }

  // MARK: - Lifecycle

  /// Binds and starts a server, returning once it accepts connections.
  ///
  /// With a ``Configuration/databaseFile``, the server first takes the file's lock (see ``DatabaseLock``), then
  /// deletes the temporary files crashed saves left beside it, then loads it; the lock is held until the server
  /// stops. A ``Configuration/readOnly`` server never saves, so it takes no lock and deletes nothing: it can serve
  /// a file beside its writer, or in a directory it cannot write to.
  /// - Throws: ``FixtureServerError`` when the port is invalid or cannot be bound, the database file is locked
  ///   by another server, or the configuration cannot be (``FixtureServerError/invalidConfiguration(reason:)``: an
  ///   empty id field or suffix, watching without a file); ``FixtureDatabaseError`` when no database is given and the
  ///   ``Configuration/databaseFile`` or the bundled one cannot be loaded: the file is read only when it is a regular
  ///   file (or a link to one) of at most 16 MiB, so a directory, a FIFO, a socket or a device is refused by its type
  ///   and never waited on, a larger file by its size, and text that is not a JSON object with its line and column.
  public static func start(_ configuration: Configuration = Configuration()) async throws -> FixtureServer {
    guard (0...65535).contains(configuration.port) else { throw FixtureServerError.invalidPort(configuration.port) }
    if let reason = configuration.problem { throw FixtureServerError.invalidConfiguration(reason: reason) }
    let file = configuration.databaseFile.map { DatabaseFile(url: $0, write: configuration.databaseWrite) }
    let lock =
      configuration.readOnly
      ? nil : try file.map { file throws(FixtureServerError) in try DatabaseLock.acquire(for: file) }
    do {
      if lock != nil {
        file?.removeStaleTemporaryFiles()
        file.map(Self.idempotencyFile(of:))?.removeStaleTemporaryFiles()
      }
      // Published before the address is (in the lock file, once listening): an app that finds the address finds
      // this server's token.
      if let token = configuration.runToken, let tokenFile = configuration.tokenFile {
        do {
          try token.save(to: tokenFile.path)
        } catch {
          throw FixtureServerError.invalidConfiguration(reason: "cannot publish the run token: \(error)")
        }
      }
      return try await start(configuration, file: file, lock: lock)
    } catch {
      lock?.release()
      throw error
    }
  }

  private static func start(
    _ configuration: Configuration, file: DatabaseFile?, lock: DatabaseLock?
  ) async throws -> FixtureServer {
    var database: FixtureDatabase
    let sample = { () throws -> FixtureDatabase in try configuration.sample ?? FixtureDatabase.bundled }
    if let given = configuration.database {
      database = given
    } else if let file {
      var status = stat()
      if configuration.createsMissingDatabaseFile, lstat(file.url.path, &status) != 0, errno == ENOENT {
        try file.create(with: try sample())
      }
      if configuration.addsMissingResources {
        database = try file.addMissingResources(
          of: try sample(), saving: !configuration.readOnly, log: configuration.log ?? { _ in })
      } else {
        database = try file.load()
      }
    } else {
      database = try sample()
    }
    // Test-only: the journal gets the line of the last write saved, when a kill kept it from the journal.
    let journal = try configuration.writeJournal.map {
      try WriteJournal(url: $0, lastSaved: IdempotencyStore.journalLine(in: database))
    }
    // The keys saved in the data file are never served; an older server's side file is moved in below.
    let (served, savedKeys) = IdempotencyStore.split(database)
    database = served
    let now = Date()
    let sideFile = file.map(Self.idempotencyFile(of:))
    let sideKeys =
      configuration.readOnly
      ? nil
      : sideFile.flatMap {
        IdempotencyStore.records(inSideFile: $0, now: now, log: configuration.log ?? { _ in })
      }
    if let resources = configuration.replacedResources { database = database.replacing(with: resources) }
    if let lists = configuration.emptiedLists {
      do {
        database = try database.emptying(lists)
      } catch {
        throw FixtureServerError.invalidConfiguration(reason: "cannot empty lists: \(error)")
      }
    }
    let idempotency = IdempotencyStore(
      records: configuration.readOnly ? [] : (savedKeys ?? []) + (sideKeys ?? []),
      limits: configuration.idempotencyLimits)
    let store = FixtureStore(
      database, file: file, watching: configuration.watchesDatabaseFile, idempotency: idempotency,
      journal: journal, log: configuration.log ?? { _ in })
    if sideKeys != nil, let sideFile, database[IdempotencyStore.memberName] == nil {
      do {
        try await store.saveKeys()
        // Its keys are in the data file now (a server killed before this line reads them again, the same keys).
        unlink(sideFile.url.path)
      } catch {
        configuration.log?("cannot move the idempotency keys of \(sideFile.url.path) into the data file: \(error)")
      }
    }
    let relations = Relations(idField: configuration.idField, foreignKeySuffix: configuration.foreignKeySuffix)
    let faultStore = FaultStore(configuration.faults)
    let logger = Logger(label: "kumiki.fixture-server") { _ in SwiftLogNoOpLogHandler() }

    // HEAD answers as GET does, without the body (Express's behaviour).
    let router = Router(context: FixtureRequestContext.self, options: .autoGenerateHeadEndpoints)
    if let requestLog = configuration.requestLog {
      router.add(middleware: RequestLogMiddleware(log: requestLog))
    }
    let allowedOrigins = Set(configuration.allowedOrigins.map { $0.lowercased() })
    router.add(
      middleware: RequestGuard(
        boundHost: configuration.host, configuredPort: configuration.port, allowedOrigins: allowedOrigins,
        token: configuration.runToken))
    if configuration.allowsCrossOrigin {
      router.add(
        middleware: CORSMiddleware(
          boundHost: configuration.host, allowedOrigins: allowedOrigins, configuredPort: configuration.port))
    } else {
      router.add(middleware: NoCORSMiddleware())
    }
    FaultControlRoutes(faults: faultStore, enabled: configuration.allowsFaultControl).register(on: router)
    InfoRoutes(store: store, routes: configuration.routes).register(on: router)
    var injector = FaultInjector(delay: configuration.delay)
    injector.allowsHeaderFaults = configuration.allowsFaultControl
    let fallbackHost = "\(configuration.host):\(configuration.port)"
    let reads = FixtureRoutes(
      store: store, faults: faultStore, injector: injector,
      engine: QueryEngine(patternTimeLimit: configuration.patternTimeLimit), heavyWork: HeavyWorkRunner(),
      relations: relations, fallbackHost: fallbackHost)
    reads.register(on: router)
    let writes = FixtureWriteRoutes(
      store: store, faults: faultStore, injector: injector,
      engine: WriteEngine(relations: relations),
      readOnly: configuration.readOnly, fallbackHost: fallbackHost,
      journal: journal)
    writes.register(on: router)
    NestedRoutes(reads: reads, writes: writes).register(on: router)

    let (events, bound) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
    let responder = MethodOverrideResponder(inner: router.buildResponder())
    let application = Application(
      responder: RouteRewriteResponder(rewriter: configuration.routes, inner: responder),
      server: LenientHTTP1Channel.builder(
        headerTimeout: configuration.headerTimeout, idleTimeout: configuration.idleTimeout,
        maximumConnections: configuration.maximumConnections),
      // SO_REUSEADDR: a server started again on the port of one just killed binds at once, whatever the killed one's
      // connections left behind (TIME_WAIT) (KumikiChaosEndToEndTests.aKilledServersPortIsBoundAgainAtOnce).
      configuration: ApplicationConfiguration(
        address: .hostname(configuration.host, port: configuration.port), reuseAddress: true),
      onServerRunning: { channel in
        bound.yield(.success(channel.localAddress?.port ?? configuration.port))
      },
      logger: logger)
    var services: [any Service] = [application]
    if configuration.watchesDatabaseFile {
      services.append(DatabaseWatcher(store: store, interval: configuration.watchInterval))
    }
    var groupConfiguration = ServiceGroupConfiguration(
      services: services,
      gracefulShutdownSignals: configuration.handlesTerminationSignals ? [.sigint, .sigterm] : [],
      logger: logger)
    groupConfiguration.maximumGracefulShutdownDuration = .seconds(5)
    groupConfiguration.maximumCancellationDuration = .seconds(2)
    let serviceGroup = ServiceGroup(configuration: groupConfiguration)
    let running = Task {
      // The file is free for another server once this one has stopped, however it stopped.
      defer { lock?.release() }
      do {
        try await serviceGroup.run()
        bound.yield(
          .failure(
            FixtureServerError.cannotListen(
              host: configuration.host, port: configuration.port, reason: "the server stopped while starting")))
        bound.finish()
      } catch {
        bound.yield(.failure(error))
        bound.finish()
        throw error
      }
    }

    for await event in events {
      switch event {
      case .success(let port):
        // Apps on the same file join this server: its address goes into the lock file.
        lock?.advertise(URL(string: "http://\(configuration.host):\(port)")!)
        return FixtureServer(
          host: configuration.host, port: port, store: store, faultStore: faultStore,
          serviceGroup: serviceGroup, running: running)
      case .failure(let error):
        throw FixtureServerError.cannotListen(
          host: configuration.host, port: configuration.port, reason: Self.reason(for: error))
      }
    }
    throw FixtureServerError.cannotListen(
      host: configuration.host, port: configuration.port, reason: "the server stopped while starting")
  }

  /// Where older servers kept the `Idempotency-Key`s of `file`: `<data>.idempotency.json` beside it.
  static func idempotencyFile(of file: DatabaseFile) -> DatabaseFile {
    DatabaseFile(
      url: file.url.deletingLastPathComponent().appendingPathComponent(
        IdempotencyStore.sideFileName(of: file.url.lastPathComponent)))
  }

  /// Replaces the content of `url` with the bundled sample data, under the file's lock (`kumiki-api --reset-db`,
  /// `kumiki fixtures reset`); a missing file is created (private, `0600`).
  ///
  /// A file that does not load (it does not parse, is not an object, is over the size limit, cannot be read) is not
  /// provably a data file, so it is kept: first linked to `PATH.corrupt-<UTC time>` beside it (`-2`, `-3`… when
  /// taken; `now` is the time), then the path gets the sample data. Something that is not a regular file (a
  /// directory, a FIFO, a socket, a device) is never replaced: the reset is refused, naming it.
  /// - Returns: where the file that did not load was kept, or `nil` when there was none.
  /// - Throws: ``FixtureServerError/databaseInUse(path:lockFile:holder:)`` while a server serves the file,
  ///   ``FixtureDatabaseError`` for a path that is not a regular file, or the save's error.
  @discardableResult
  public static func resetDatabaseFile(_ url: URL, now: Date = Date()) throws -> String? {
    try resetDatabaseFile(url, now: now, sample: nil)
  }

  /// ``resetDatabaseFile(_:now:)`` with other sample data than ``FixtureDatabase/bundled`` (the server's own suite
  /// brings its own).
  static func resetDatabaseFile(_ url: URL, now: Date, sample given: FixtureDatabase?) throws -> String? {
    let sample = { () throws -> FixtureDatabase in try given ?? FixtureDatabase.bundled }
    let file = DatabaseFile(url: url)
    let lock = try DatabaseLock.acquire(for: file)
    defer { lock.release() }
    file.removeStaleTemporaryFiles()
    var status = stat()
    guard stat(file.url.path, &status) == 0 else {
      try file.create(with: try sample())
      return nil
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw FixtureDatabaseError.unreadable(
        path: file.url.path,
        reason: "it is \(DatabaseFile.kind(of: status.st_mode)), not a data file; move it away to reset the data")
    }
    var kept: String?
    do {
      _ = try file.load()
    } catch {
      kept = try file.keepAside(now: now)
    }
    try file.save(try sample())
    return kept
  }

  /// Loads the json-server `db.json` at `url` with the checks a ``Configuration/databaseFile`` gets: only a regular
  /// file (or a link to one) of at most 16 MiB is read, so a directory, a FIFO, a socket or a device is refused by its
  /// type and never waited on (`kumiki-api --replace FILE` reads its file so). The `Idempotency-Key`s a server saved
  /// in it are not data: left out.
  /// - Throws: ``FixtureDatabaseError`` saying why.
  public static func loadDataFile(_ url: URL) throws(FixtureDatabaseError) -> FixtureDatabase {
    IdempotencyStore.split(try DatabaseFile(url: url).load()).database
  }

  /// The address of the server that holds the lock of the database file `url`, as it wrote it in the lock file
  /// once listening; `nil` when no server holds it or it has not written its address yet.
  public static func addressServing(_ url: URL) -> URL? {
    DatabaseLock.advertisedAddress(for: DatabaseFile(url: url))
  }

  /// Returns once no server holds the lock of the database file `url` (it stopped or died): how a joined
  /// `kumiki-api --join` knows to take over serving the file. Waits on a thread of its own.
  public static func waitUntilNotServed(_ url: URL) async {
    await withCheckedContinuation { continuation in
      Thread {
        DatabaseLock.waitUntilFree(for: DatabaseFile(url: url))
        continuation.resume()
      }.start()
    }
  }

  /// Stops accepting connections, lets in-flight requests finish (for at most a few seconds), and returns once
  /// the server has stopped. Calling it again is harmless.
  public func shutdown() async {
    await serviceGroup.triggerGracefulShutdown()
    _ = await running.result
  }

  /// Suspends until the server stops — after ``shutdown()`` or, with
  /// ``Configuration/handlesTerminationSignals``, after SIGINT or SIGTERM.
  /// - Throws: whatever stopped the server abnormally.
  public func waitUntilStopped() async throws {
    try await running.value
  }

  /// With ``Configuration/watchesDatabaseFile``: looks at the database file now, as the watcher does every
  /// ``Configuration/watchInterval``, and takes in an edit that parses. Returns once done.
  /// - Returns: whether the served data changed; always `false` for a server that does not watch.
  @discardableResult
  public func checkDatabaseFile() async -> Bool {
    await store.reloadIfChanged()
  }

  // MARK: - Faults

  /// The faults currently in force.
  public var faults: FaultPlan { faultStore.current }

  /// Replaces all faults.
  public func setFaults(_ plan: FaultPlan) {
    faultStore.replace(with: plan)
  }

  /// Replaces the faults of one scope, leaving the others as they are. `[]` clears the scope.
  public func setFaults(_ faults: [InjectedFault], for scope: FaultScope = .global) {
    faultStore.set(faults, for: scope)
  }

  /// Removes every fault.
  public func clearFaults() {
    faultStore.replace(with: FaultPlan())
  }

  private static func reason(for error: any Error) -> String {
    if let error = error as? IOError { return error.description }
    return String(describing: error)
  }
}
