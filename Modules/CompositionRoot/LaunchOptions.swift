import Core
import FeatureKit
import Foundation
import Networking

/// How to start the live app: the global options the CLI and the TUI share, as both parse them (`--api` and the
/// others with their environment: the CLI module's `LaunchArguments`), and what a test or a benchmark sets besides.
public struct LaunchOptions: Sendable {
  /// The API to use; `nil` starts the embedded fixture server on an ephemeral loopback port.
  public var apiURL: URL?
  /// The database file; `nil` uses `KUMIKI_DB`, then `$XDG_DATA_HOME/kumiki/kumiki.sqlite`.
  public var databasePath: String?
  /// Run only these features (`--features home,archive`); empty means all.
  public var features: [String]
  /// The process environment (for `KUMIKI_DB`, `KUMIKI_CACHE`, `KUMIKI_CACHE_MAX_AGE`, `KUMIKI_TIMEOUT`,
  /// `XDG_DATA_HOME`, `HOME`).
  public var environment: [String: String]
  /// App-wide middlewares placed closest to the reducer (DevTools, an action log).
  public var middlewares: [Middleware<AppState, AppAction>]
  /// Request log lines of the embedded server (`--verbose`), or `nil` for none.
  public var serverLog: (@Sendable (String) -> Void)?
  /// Whether `LiveApp.start` launches the app (restores state, sends `.launch`). The CLI launches it itself,
  /// only when a feature command runs.
  public var launch: Bool
  /// What feature effects and the query layer's retries wait on (debounce, timeouts, polling, back-off): the wall clock unless
  /// a test or a benchmark says otherwise.
  public var clock: any Clock<Duration>
  /// `--fresh`: every read goes to the network, bypassing the response cache (answers are still cached).
  public var fresh: Bool
  /// What the response cache takes as the time: when an answer was fetched, how old it is. The wall clock unless a
  /// test says otherwise (golden frames of cached data show the same "as of" time on every run).
  public var now: @Sendable () -> Date
  /// One command, then exit (the CLI): the database opens read-only and becomes read-write at its first write
  /// (`DatabaseOptions.readOnlyUntilWrite`: a command that only reads writes nothing to it), and the response cache
  /// keeps what it fetched in memory and writes it in one transaction at shutdown, after the command's output
  /// (`ResponseCacheDatabase.open(…, writesAtClose:)`). Without ``apiURL``, the embedded API starts on the first
  /// request that needs it (`EmbeddedAPIOnDemand`), not at launch. The TUI, which runs long and writes, leaves it off.
  public var singleCommand: Bool
  /// How this app tells the user to resolve held outbox entry `id` (send it again, drop it), in its own words, for the
  /// outbox's notices: the TUI's keys (`TUIOutbox.actions`); `nil`, the CLI's commands
  /// (`QueryCacheConfiguration.outboxActions`).
  public var outboxActions: (@Sendable (_ id: Int64) -> (retry: String, discard: String))?

  public init(
    apiURL: URL? = nil,
    databasePath: String? = nil,
    features: [String] = [],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    middlewares: [Middleware<AppState, AppAction>] = [],
    serverLog: (@Sendable (String) -> Void)? = nil,
    launch: Bool = true,
    clock: any Clock<Duration> = ContinuousClock(),
    fresh: Bool = false,
    now: @escaping @Sendable () -> Date = { Date() },
    singleCommand: Bool = false,
    outboxActions: (@Sendable (_ id: Int64) -> (retry: String, discard: String))? = nil
  ) {
    self.outboxActions = outboxActions
    self.now = now
    self.singleCommand = singleCommand
    self.clock = clock
    self.fresh = fresh
    self.apiURL = apiURL
    self.databasePath = databasePath
    self.features = features
    self.environment = environment
    self.middlewares = middlewares
    self.serverLog = serverLog
    self.launch = launch
  }
}

/// Why the live app could not start. Each message is one line a user can act on.
public enum LaunchError: Error, Equatable, CustomStringConvertible {
  case database(String)
  case embeddedServer(String)
  case features(String)
  /// The embedded API's data file could not be reset (kumiki-api's reason).
  case fixtures(String)
  /// The response cache could not be used (the reason names the cache and `KUMIKI_CACHE`).
  case cache(String)
  /// `KUMIKI_CACHE` names the database file itself (a usage error: the cache would lock the database out).
  case cacheIsDatabase(String)
  case invalidTimeout(String, BoundedNumber.Problem)
  case invalidMaxAge(String, BoundedNumber.Problem)

  /// Whether the user gave a bad value (an environment variable or an option): a usage error, exit 64.
  public var isUsage: Bool {
    switch self {
    case .features, .invalidTimeout, .invalidMaxAge, .cacheIsDatabase: true
    case .database, .embeddedServer, .cache, .fixtures: false
    }
  }

  public var description: String {
    switch self {
    case .database(let reason): "database problem: \(reason)"
    case .embeddedServer(let reason): "the embedded fixture server could not start: \(reason)"
    case .features(let reason): reason
    case .cache(let reason): reason
    case .fixtures(let reason): reason
    case .cacheIsDatabase(let path):
      "KUMIKI_CACHE names the database file or one of its companions (\(path)): the response cache needs a file "
        + "of its own; unset it to keep the cache beside the database"
    case .invalidTimeout(let text, let problem):
      "invalid KUMIKI_TIMEOUT '\(text)': \(Self.expected(problem, "a number of seconds, e.g. 2.5"))"
    case .invalidMaxAge(let text, let problem):
      "invalid KUMIKI_CACHE_MAX_AGE '\(text)': \(Self.expected(problem, "a number of seconds, e.g. 60 or 0"))"
    }
  }

  private static func expected(_ problem: BoundedNumber.Problem, _ example: String) -> String {
    switch problem {
    case .notANumber: "expected \(example)"
    case .outOfRange(_, let range): "expected \(range)"
    }
  }
}
