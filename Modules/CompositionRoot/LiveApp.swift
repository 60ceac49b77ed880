import FeatureKit
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import Persistence
import PersistenceSQLite

/// The composition root: the standard features wired to live clients — libcurl, SQLite and, unless an API URL is
/// given, the embedded fixture server. The only place outside tests that touches live modules.
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
  private let server: FixtureServer?
  private let database: KumikiDatabase

  private init(
    runtime: AppRuntime, apiURL: URL, databasePath: String, notices: [String], activity: HTTPActivity,
    server: FixtureServer?, database: KumikiDatabase
  ) {
    self.runtime = runtime
    self.apiURL = apiURL
    self.databasePath = databasePath
    self.notices = notices
    self.activity = activity
    self.server = server
    self.database = database
  }

  /// Opens the database, starts the embedded server when needed, assembles the selected features and launches
  /// the app (restoring persisted state). Nothing is left running when it throws.
  public static func start(_ options: LaunchOptions) async throws -> LiveApp {
    let database: KumikiDatabase
    do {
      let location = try DatabaseLocation.resolve(environment: options.environment, explicitPath: options.databasePath)
      database = try KumikiDatabase.open(at: location)
    } catch {
      throw LaunchError.database(String(describing: error))
    }
    var notices: [String] = []
    if let recovered = database.recoveredFrom { notices.append(String(describing: recovered)) }

    let server: FixtureServer?
    let apiURL: URL
    if let given = options.apiURL {
      server = nil
      apiURL = given
    } else {
      do {
        let started = try await FixtureServer.start(.init(port: 0, requestLog: options.serverLog))
        server = started
        apiURL = started.baseURL
      } catch {
        try? database.close()
        throw LaunchError.embeddedServer(String(describing: error))
      }
    }

    let http = HTTPClient.curl(CurlConfiguration(timeout: try requestTimeout(options.environment)))
    let dependencies = FeatureDependencies(http: http, apiURL: apiURL, persistence: database.client)
    let registry: FeatureRegistry
    do {
      registry = try StandardFeatures.registry(dependencies).selecting(options.features)
    } catch {
      await server?.shutdown()
      try? database.close()
      throw LaunchError.features(String(describing: error))
    }
    let featureState = database.featureState
    let storage = FeatureStateStorage(
      load: { key in try await featureState.load(key).map { (version: $0.version, data: $0.data) } },
      save: { key, version, data in try await featureState.save(key, version, data) }
    )
    let runtime = registry.assemble(storage: storage, middlewares: options.middlewares, clock: options.clock)
    if options.launch {
      for error in await runtime.launch() { notices.append("could not restore saved state: \(error)") }
    }
    return LiveApp(
      runtime: runtime, apiURL: apiURL, databasePath: database.location.displayPath, notices: notices,
      activity: http.activity, server: server, database: database)
  }

  /// The standard features assembled over inert clients (no server, an in-memory database, no network), for
  /// reading what they offer — command lists for help and shell completion — without side effects.
  public static func introspection(features: [String]) throws -> AppRuntime {
    let database = try KumikiDatabase.open(at: .inMemory)
    let offline = HTTPClient { request in
      throw HTTPError.cannotConnect(request.url, reason: "offline (introspection only)")
    }
    let dependencies = FeatureDependencies(
      http: offline, apiURL: URL(string: "http://127.0.0.1:9")!, persistence: database.client)
    do {
      return try StandardFeatures.registry(dependencies).selecting(features).assemble()
    } catch {
      throw LaunchError.features(String(describing: error))
    }
  }

  /// The per-request time limit: `KUMIKI_TIMEOUT` seconds (decimals allowed), 30 s by default.
  static func requestTimeout(_ environment: [String: String]) throws -> Duration {
    guard let text = environment["KUMIKI_TIMEOUT"], !text.isEmpty else { return .seconds(30) }
    guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
      throw LaunchError.invalidTimeout(text)
    }
    return .milliseconds(Int((seconds * 1000).rounded(.up)))
  }

  /// Stops effects, the embedded server and closes the database.
  public func shutdown() async {
    runtime.send(.terminate)
    runtime.store.cancelAllEffects()
    await runtime.store.settled()
    await server?.shutdown()
    try? database.close()
  }
}
