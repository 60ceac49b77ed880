import FixtureData
import Foundation

import struct Networking.RunToken

extension FixtureServer {
  /// How to start a ``FixtureServer``. The defaults make an embedded server: loopback, ephemeral port, the
  /// bundled dataset with writes kept in memory, no delay, no faults and no fault control over HTTP, silent, the
  /// connection and query limits below, and leaving signal handling to the host process.
  public struct Configuration: Sendable {
    /// The address to bind, e.g. `127.0.0.1` (default), `::1` or `0.0.0.0`.
    public var host: String
    /// The port to bind; `0` (default) picks a free ephemeral port, reported by ``FixtureServer/port``.
    public var port: Int
    /// The data to serve; `nil` (default) serves the content of ``databaseFile`` when one is set, otherwise
    /// ``FixtureDatabase/bundled``.
    public var database: FixtureDatabase?
    /// The json-server `db.json` file every successful write is saved to, atomically (see the module README),
    /// like json-server's database file argument; when ``database`` is `nil`, the server also starts from its
    /// content. `nil` (default) keeps writes in memory for the life of the server: the bundled resource and any
    /// file the data came from are never modified.
    ///
    /// A server with a file holds its lock (`.NAME.lock` beside it) until it stops: a second server on the same
    /// file, in this process or another, does not start (``FixtureServerError/databaseInUse(path:lockFile:holder:)``).
    /// Once it holds the lock, a starting server deletes the temporary files (`.NAME.DIGITS.tmp`) that a save cut
    /// short by a crash left beside the file. A ``readOnly`` server, which never saves, does neither.
    public var databaseFile: URL?
    /// Whether a missing ``databaseFile`` is created from the bundled sample data (private, `0600`) once the server
    /// holds its lock (`kumiki-api --create-db`; how the apps' embedded API keeps its writes). Default `false`: a
    /// missing file is an error.
    public var createsMissingDatabaseFile: Bool
    /// Whether the top-level resources of the bundled sample data that a loaded ``databaseFile`` lacks are added to
    /// it at start (`kumiki-api --add-missing`; the apps' embedded API, so a feature added since the file was made
    /// answers for its collection). Only a missing key is added: every key the file has keeps its value, an emptied
    /// list included. The additions are appended to the file's text, which keeps every byte before them, and saved
    /// atomically, only when something was added (a ``readOnly`` server serves them without saving); ``log`` names
    /// them. Default `false`: a file is served as it is.
    public var addsMissingResources = false
    /// Whether every `POST`, `PUT`, `PATCH` and `DELETE` on a resource is refused with `403`, like json-server's
    /// `--read-only`. Reads and the `/__faults` control endpoint are unaffected. Default `false`.
    public var readOnly: Bool
    /// Added before every data response (like json-server's `--delay`). Default zero.
    public var delay: Duration
    /// The faults in force at start; change them later with ``FixtureServer/setFaults(_:)``. They apply whether
    /// or not ``allowsFaultControl`` is set.
    public var faults: FaultPlan
    /// Whether clients may inject and switch faults over HTTP: the `X-Kumiki-Fault` request header and the
    /// `/__faults` control routes (`kumiki-api --allow-faults`). Off (default), a request carrying the header and
    /// every `/__faults` call are refused with `403` and a message saying how to switch it on; the in-process
    /// calls (``FixtureServer/setFaults(_:)``) and ``faults`` work either way.
    public var allowsFaultControl: Bool
    /// How long a client may take to send a request's line and headers, from the request's first byte; past it the
    /// connection is closed without an answer. Default 10 seconds.
    public var headerTimeout: Duration
    /// How long a connection may stay silent: with no request yet, between requests (keep-alive), or in the middle
    /// of a request body; past it the connection is closed. Never while the server is answering. Default 60 s.
    public var idleTimeout: Duration
    /// The most connections served at once; past it a new connection's first request is answered `503` with
    /// `Retry-After: 1` and `Connection: close`, and the connection closed (see ``ConnectionLimit``). Within
    /// ``maximumConnectionsRange``; default 256.
    public var maximumConnections: Int
    /// The processor time one list query may spend matching its `FIELD_like` regular expressions
    /// (``QueryEngine/patternTimeLimit``); a query that needs more is answered `400`. Such queries run on worker
    /// threads of their own, at most one fewer than the processors at once. Default 1 second.
    public var patternTimeLimit: Duration
    /// Called with one line per request when set (the CLI's `--verbose` writes these to stderr). Default `nil`.
    public var requestLog: (@Sendable (String) -> Void)?
    /// Whether SIGINT and SIGTERM shut the server down gracefully. Only the process's main server should set
    /// this (the CLI does); default `false`.
    public var handlesTerminationSignals: Bool
    /// The name of the id field of list items (json-server's `--id`): item lookups, generated ids, `_embed`,
    /// `_expand` and the `DELETE` cascade use it. Default `id`; must not be empty.
    public var idField: String
    /// What follows a parent's singular name in a child's foreign key (json-server's `--foreignKeySuffix`): `Id`
    /// (default) makes `postId` point at `posts`. Must not be empty.
    public var foreignKeySuffix: String
    /// Whether responses carry CORS headers and `OPTIONS` is answered as a preflight (``CORSMiddleware``). Default
    /// `true`; `false` is json-server's `--no-cors`: no `Access-Control-Allow-*` header (the
    /// `Access-Control-Expose-Headers` of paged lists and `201`s stays, as json-server's routes set it), and
    /// `OPTIONS` answers `204` with `Allow` only, so a browser page on another origin cannot read the API.
    public var allowsCrossOrigin: Bool
    /// Origins besides the server's own whose pages may write to it and read its answers (`kumiki-api --cors ORIGIN`,
    /// repeatable): `scheme://host[:port]`, as a browser sends `Origin`. Default none: a write or preflight from any
    /// other origin is refused with `403`, and no answer names another origin in `Access-Control-Allow-Origin`
    /// (``RequestGuard``). `null` is never allowed.
    public var allowedOrigins: [String]
    /// The secret every request must prove it knows, and every answer proves the server knows (``RunToken``,
    /// `kumiki-api --token-file`); `nil` (default) asks for none. The apps' embedded API always has one.
    public var runToken: RunToken?
    /// Where ``runToken`` is published, private (`0600`), for the apps that join this server: written once the server
    /// holds its ``databaseFile``'s lock, before it says where it listens. `nil` (default): not written.
    public var tokenFile: URL?
    /// json-server's `--routes`: rewrite rules applied to every request's path before routing. Default `nil`.
    public var routes: RouteRewriter?
    /// json-server's `--watch`: take in hand edits of ``databaseFile`` while running (see ``FixtureServer`` and the
    /// module README). Needs a ``databaseFile``. Default `false`.
    public var watchesDatabaseFile: Bool
    /// How often a watching server looks at its file. Default 250 ms; tests set it small.
    public var watchInterval: Duration
    /// Resources served in place of the data's own (`kumiki-api --replace FILE`): each member replaces the resource
    /// of its name, or adds one. Applied at start, before ``emptiedLists``; memory only, so not with a
    /// ``databaseFile`` (the first write would save them). Default `nil`. How a scenario brings its own data.
    public var replacedResources: JSONObject?
    /// Lists served empty (`kumiki-api --empty NAME`, `--empty '*'` for every list): the "empty" state of a screen.
    /// Applied at start; a name that is not a list stops the start. Memory only, so not with a ``databaseFile``.
    /// Default `nil`.
    public var emptiedLists: ListSelection?
    /// Called with the server's own messages when set: a reload of the watched file, one that does not parse (once
    /// until it parses). The CLI writes them to stderr. Default `nil`.
    public var log: (@Sendable (String) -> Void)?
    /// Test-only: a file to which the server appends one JSON line per write it applied (``WriteJournal``;
    /// `kumiki-api --write-journal FILE`), for a chaos run to compare the server's history with what its clients
    /// were told. Needs ``allowsFaultControl``: without it the server does not start. Default `nil`.
    public var writeJournal: URL?
    /// How saves to ``databaseFile`` write their bytes; `nil` (default) is `write(2)`. Tests pass one that fails
    /// as a full or read-only disk would (``DatabaseFile/Write``).
    var databaseWrite: DatabaseFile.Write?
    /// How many `Idempotency-Key`s are kept, how long, and how many bytes of answers (``IdempotencyStore``); tests
    /// lower them.
    var idempotencyLimits = IdempotencyStore.Limits()
    /// The sample data: what a server given neither ``database`` nor ``databaseFile`` serves, what a missing file is
    /// created from and what ``addsMissingResources`` adds; `nil` (default) is ``FixtureDatabase/bundled``, the
    /// features' fixtures. The server's own suite passes its own data, so it needs no feature folder.
    var sample: FixtureDatabase?

    /// Creates a configuration; every parameter defaults as documented on its property.
    public init(
      host: String = "127.0.0.1",
      port: Int = 0,
      database: FixtureDatabase? = nil,
      databaseFile: URL? = nil,
      readOnly: Bool = false,
      delay: Duration = .zero,
      faults: FaultPlan = FaultPlan(),
      allowsFaultControl: Bool = false,
      headerTimeout: Duration = .seconds(10),
      idleTimeout: Duration = .seconds(60),
      patternTimeLimit: Duration = .seconds(1),
      maximumConnections: Int = 256,
      requestLog: (@Sendable (String) -> Void)? = nil,
      handlesTerminationSignals: Bool = false,
      createsMissingDatabaseFile: Bool = false,
      idField: String = "id",
      foreignKeySuffix: String = "Id",
      allowsCrossOrigin: Bool = true,
      routes: RouteRewriter? = nil,
      watchesDatabaseFile: Bool = false,
      watchInterval: Duration = .milliseconds(250),
      log: (@Sendable (String) -> Void)? = nil,
      replacedResources: JSONObject? = nil,
      emptiedLists: ListSelection? = nil,
      allowedOrigins: [String] = [],
      runToken: RunToken? = nil,
      tokenFile: URL? = nil
    ) {
      self.allowedOrigins = allowedOrigins
      self.runToken = runToken
      self.tokenFile = tokenFile
      self.replacedResources = replacedResources
      self.emptiedLists = emptiedLists
      self.idField = idField
      self.foreignKeySuffix = foreignKeySuffix
      self.allowsCrossOrigin = allowsCrossOrigin
      self.routes = routes
      self.watchesDatabaseFile = watchesDatabaseFile
      self.watchInterval = watchInterval
      self.log = log
      self.createsMissingDatabaseFile = createsMissingDatabaseFile
      self.host = host
      self.port = port
      self.database = database
      self.databaseFile = databaseFile
      self.readOnly = readOnly
      self.delay = delay
      self.faults = faults
      self.allowsFaultControl = allowsFaultControl
      self.headerTimeout = headerTimeout
      self.idleTimeout = idleTimeout
      self.patternTimeLimit = patternTimeLimit
      self.maximumConnections = maximumConnections
      self.requestLog = requestLog
      self.handlesTerminationSignals = handlesTerminationSignals
    }
  }
}

extension FixtureServer.Configuration {
  /// The longest ``idField`` or ``foreignKeySuffix`` accepted.
  public static let maximumNameLength = 256
  /// The bounds of ``maximumConnections``.
  public static let maximumConnectionsRange: ClosedRange<Int> = 1...100_000
  /// The bounds of ``watchInterval``.
  public static let watchIntervalRange: ClosedRange<Duration> = .milliseconds(1)...(.seconds(60))

  /// Why this configuration cannot start a server, or `nil` when it can.
  var problem: String? {
    for (name, value) in [("id field", idField), ("foreign key suffix", foreignKeySuffix)]
    where value.isEmpty || value.count > Self.maximumNameLength {
      return "the \(name) must be 1…\(Self.maximumNameLength) characters, got \(value.count)"
    }
    if watchesDatabaseFile, databaseFile == nil {
      return "watching needs a database file (kumiki-api --watch needs --db FILE)"
    }
    if databaseFile != nil, replacedResources != nil || emptiedLists != nil {
      return "replacing or emptying lists serves changed data, which a database file would save on the first "
        + "write: serve the data without --db (or a copy of the file)"
    }
    for origin in allowedOrigins where Self.originProblem(origin) != nil {
      return Self.originProblem(origin)
    }
    if tokenFile != nil, runToken == nil {
      return "a token file needs a run token to publish"
    }
    if !Self.maximumConnectionsRange.contains(maximumConnections) {
      return "the connection limit must be within \(Self.maximumConnectionsRange), got \(maximumConnections)"
    }
    if writeJournal != nil, !allowsFaultControl {
      return "a write journal is test tooling: it needs fault control (kumiki-api --write-journal needs --allow-faults)"
    }
    if !Self.watchIntervalRange.contains(watchInterval) {
      return "the watch interval must be within 1 ms…60 s, got \(watchInterval)"
    }
    return nil
  }
}

extension FixtureServer.Configuration {
  /// Why `origin` cannot be allowed with `--cors`, or `nil`: it must be `http://` or `https://` and a host, with an
  /// optional port and nothing after it (no path, not even `/`), as a browser writes `Origin`; `null` and `*` never.
  public static func originProblem(_ origin: String) -> String? {
    let shown = VisibleText.shown(origin, limit: 200)
    let lower = origin.lowercased()
    guard let scheme = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else {
      return "--cors takes an origin such as http://localhost:5173 (a scheme, a host and a port), got '\(shown)'"
    }
    let rest = lower.dropFirst(scheme.count)
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-:[]_")
    guard !rest.isEmpty, rest.count <= 300, rest.allSatisfy({ allowed.contains($0) }) else {
      return "--cors takes an origin such as http://localhost:5173, without a path or user, got '\(shown)'"
    }
    return nil
  }
}
