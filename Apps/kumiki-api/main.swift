// kumiki-api: serves a json-server compatible fixture API (by default the union of every feature's fixtures.json).
import ArgumentParser
import FixtureData
import FixtureServer
import Foundation
import Synchronization

import struct Networking.RunToken

/// The `kumiki-api` command line.
struct KumikiAPI: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kumiki-api",
    abstract: "Serve a json-server compatible fixture API over HTTP.",
    discussion: """
      Serves the bundled gourmet-magazine dataset (every feature folder's fixtures.json, merged; a collection \
      two features declare is an error naming both), or any db.json given with --db, with json-server 0.17 query \
      and write semantics: POST /name creates (201; a missing id is the largest numeric id + 1, or a random \
      string), PUT and PATCH /name/:id replace and merge (the id stays), DELETE /name/:id removes (200 {}); \
      PUT, PATCH and POST on a singular resource (an object, not a list) replace or merge it. An unknown \
      resource or id is 404, a taken id 409, a body that is not a JSON object 400.

      With --db every successful write is saved to that file atomically (a temporary file .NAME.DIGITS.tmp \
      beside it, created 0600, fsync, rename; the file keeps its permission bits), so a restart serves it; \
      without --db writes live in memory until the server stops and the bundled data is never modified. One \
      server per file: kumiki-api holds an advisory lock (flock on .NAME.lock beside the file) while it runs, \
      and a second kumiki-api on the same file exits with 1 at start. Holding the lock, it deletes the \
      temporary files a crash left behind (only names of exactly that pattern). A write body may be nested at \
      most 510 levels (400 beyond), so what is saved always loads again (a db.json may nest 512). \
      --read-only refuses every write with 403; it never saves, so it takes no lock and deletes nothing. \
      A --db that cannot be loaded (not JSON, not an object, over 16 MiB, a directory, a FIFO, a device…) exits \
      with 65 and says why; --reset-db replaces it, first keeping its content as PATH.corrupt-TIME. A write the \
      disk cannot save changes nothing and is answered 507 (disk or quota full) or 500, with the system's reason.

      Faults: --fault rules apply from the start. Clients may inject or switch faults over HTTP (the \
      X-Kumiki-Fault request header, the /__faults routes) only when the server was started with \
      --allow-faults; otherwise both are refused with 403 (--fault does not imply it). Faults apply to writes \
      too (a status or reset fault stops the write; drop-answer does it, then drops its answer); huge-body is at \
      most 64 MiB and is streamed. A write with an Idempotency-Key is done once: its repeat gets the first answer \
      (with another body, 422); with --db the keys are kept in PATH.idempotency.json (24 h, 1,000 keys).

      json-server's own flags: --watch takes in hand edits of the --db file (polled every 250 ms; a file that \
      does not parse is ignored, with one line on stderr, until it does; writes are never lost to a reload), \
      --routes FILE applies json-server rewrite rules ({"/api/*": "/$1"}; GET /__rules lists them), --id names \
      the id field, --foreignKeySuffix the suffix of relation fields (postId: _embed, _expand, nested routes \
      such as /posts/1/comments, the DELETE cascade), --no-cors drops the CORS headers. --static and \
      --snapshots are refused: kumiki-api serves the API only. GET / is a home page listing the resources.

      Who may call: only requests addressed to the server itself (Host 127.0.0.1:PORT, localhost:PORT, \
      [::1]:PORT or the --host; else 421, against DNS rebinding). A write or preflight from another origin \
      than the server's own and those given with --cors ORIGIN is refused with 403 (Origin: null always), \
      and so is a text/plain, form or multipart write without an allowed Origin (what any web page can send): \
      send JSON with Content-Type: application/json. --token-file PATH makes every request prove a run token \
      (written there, 0600; Kumiki-Nonce, Kumiki-Token; answers carry Kumiki-Proof): how the apps' embedded \
      API serves only them.

      Limits: a request's line and headers must arrive within --header-timeout seconds of its first byte \
      (default 10), and a connection silent for --idle-timeout seconds outside a response is closed (default \
      60). FIELD_like regular expressions run on worker threads, at most --regex-time-limit ms of processor \
      time per query (default 1000; more is a 400); so do reads over more than 1000 items, one fewer at once \
      than there are processors (503 with Retry-After: 1 beyond 64 waiting). At most --max-connections \
      connections are served at once (default 256; past it a new one is answered 503 with Retry-After: 1 and \
      closed), and at most 16 requests pipelined on one (the rest: send again on a new connection). A client \
      that closes its side of a connection has gone: its queued requests are not computed. \
      SIGINT or SIGTERM shut the server down gracefully.
      """,
    version: "kumiki-api 0.1.0")

  @Option(help: "The address to bind.")
  var host = "127.0.0.1"

  @Option(help: "The port to bind; 0 picks a free port (the bound URL is printed).")
  var port = 3000

  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "Serve this db.json instead of the bundled one, saving every write to it atomically.", valueName: "path"))
  var databasePath: String?

  @Flag(
    help: "Refuse every POST, PUT, PATCH and DELETE with 403 (reads and, with --allow-faults, /__faults still work).")
  var readOnly = false

  @Option(
    name: [.long, .customShort("d")],
    help: ArgumentHelp(
      "Delay every response by this many milliseconds (0...\(InjectedFault.maximumLatencyMilliseconds)).",
      valueName: "ms"))
  var delay = 0

  @Flag(
    name: [.long, .customShort("w")],
    help: "With --db: take in edits of the file made while serving (json-server's --watch; polled every 250 ms).")
  var watch = false

  @Option(
    name: [.long, .customShort("r")],
    help: ArgumentHelp(
      "Rewrite request paths with json-server rules from this JSON file ({\"/api/*\": \"/$1\"}).",
      valueName: "routes.json"))
  var routes: String?

  @Option(
    name: [.customLong("id"), .customShort("i")],
    help: ArgumentHelp("The id field of list items (1...256 characters).", valueName: "name"))
  var idField = "id"

  @Option(
    name: [.customLong("foreignKeySuffix"), .customLong("fks")],
    help: ArgumentHelp(
      "What follows a parent's singular name in relation fields: postId points at posts (1...256 characters).",
      valueName: "suffix"))
  var foreignKeySuffix = "Id"

  @Flag(name: .customLong("no-cors"), help: "Send no CORS headers (a page on another origin cannot use the API).")
  var noCORS = false

  @Option(
    name: .customLong("cors"),
    help: ArgumentHelp(
      "Let pages of this origin write to the API and read its answers, repeatable (e.g. http://localhost:5173); "
        + "pages of any other origin cannot (never null).",
      valueName: "origin"))
  var corsOrigins: [String] = []

  @Option(
    name: .customLong("token-file"),
    help: ArgumentHelp(
      "Serve only clients that prove they know the secret in this file (Kumiki-Nonce, Kumiki-Token): a new one is "
        + "written there (0600) at start; with --join, the joined server's is read from it and kept on take-over.",
      valueName: "path"))
  var tokenFile: String?

  @Option(
    name: [.customLong("static"), .customShort("s")],
    help: ArgumentHelp(
      "Refused: kumiki-api serves the API only (json-server serves a static directory).", valueName: "dir"))
  var staticDirectory: String?

  @Option(
    name: [.customLong("snapshots"), .customShort("S")],
    help: ArgumentHelp(
      "Refused: save a snapshot with curl http://HOST:PORT/db > snapshot.json (json-server saves one on 's' + enter).",
      valueName: "dir"))
  var snapshotsDirectory: String?

  @Option(
    name: .customLong("fault"),
    help: ArgumentHelp(
      "Inject a fault, globally or for one endpoint (repeatable): [endpoint:]latency=MS | status=CODE | "
        + "malformed-json | truncated-body | wrong-types | huge-body[=BYTES] | reset",
      valueName: "rule"))
  var faultRules: [String] = []

  @Option(
    name: .customLong("empty"),
    help: ArgumentHelp(
      "Serve this list empty, repeatable; '*' empties every list (singular resources stay). Not with --db.",
      valueName: "list"))
  var emptyLists: [String] = []

  @Option(
    name: .customLong("replace"),
    help: ArgumentHelp(
      "Serve the resources of this JSON object in place of the data's (a new name adds one). Not with --db.",
      valueName: "file"))
  var replacementsPath: String?

  @Flag(
    name: .customLong("allow-faults"),
    help: "Let clients inject and switch faults over HTTP (X-Kumiki-Fault header, /__faults); refused with 403 without."
  )
  var allowFaults = false

  @Option(help: ArgumentHelp("Seconds a request's line and headers may take to arrive.", valueName: "seconds"))
  var headerTimeout = 10.0

  @Option(help: ArgumentHelp("Seconds a connection may stay silent outside a response.", valueName: "seconds"))
  var idleTimeout = 60.0

  @Option(
    help: ArgumentHelp(
      "Processor time one query may spend matching FIELD_like regular expressions.", valueName: "ms"))
  var regexTimeLimit = 1000

  @Option(
    help: ArgumentHelp(
      "Connections served at once; past it a new one is answered 503 with Retry-After: 1 and closed.",
      valueName: "count"))
  var maxConnections = 256

  @Flag(name: .shortAndLong, help: "Log one line per request to stderr.")
  var verbose = false

  @Flag(
    name: .customLong("exit-on-eof"),
    help:
      "Shut down when standard input closes (how kumiki and kumiki-tui stop the server they embed, even if they die).")
  var exitOnEOF = false

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535, got \(port)") }
    guard (0...InjectedFault.maximumLatencyMilliseconds).contains(delay) else {
      throw ValidationError("--delay must be in 0...\(InjectedFault.maximumLatencyMilliseconds) ms, got \(delay)")
    }
    _ = try faultPlan()
    for (name, seconds) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout)] {
      guard seconds >= 0.001, seconds <= 86_400 else {
        throw ValidationError("\(name) must be in 0.001...86400 seconds, got \(seconds)")
      }
    }
    guard (1...600_000).contains(regexTimeLimit) else {
      throw ValidationError("--regex-time-limit must be in 1...600000 ms, got \(regexTimeLimit)")
    }
    let connections = FixtureServer.Configuration.maximumConnectionsRange
    guard connections.contains(maxConnections) else {
      throw ValidationError("--max-connections must be in \(connections), got \(maxConnections)")
    }
    let longest = FixtureServer.Configuration.maximumNameLength
    for (name, value) in [("--id", idField), ("--foreignKeySuffix", foreignKeySuffix)]
    where value.isEmpty || value.count > longest {
      throw ValidationError("\(name) must be 1...\(longest) characters, got \(value.count)")
    }
    if addMissing, databasePath == nil {
      throw ValidationError("--add-missing needs --db FILE: the bundled data lacks nothing")
    }
    if watch, databasePath == nil {
      throw ValidationError("--watch needs --db FILE: the bundled data is never edited, so there is nothing to watch")
    }
    for origin in corsOrigins {
      if let problem = FixtureServer.Configuration.originProblem(origin) { throw ValidationError(problem) }
    }
    if noCORS, !corsOrigins.isEmpty {
      throw ValidationError("--no-cors sends no CORS headers, so it cannot allow --cors origins: give one or the other")
    }
    if staticDirectory != nil {
      throw ValidationError(
        "--static is not supported: kumiki-api serves the API only (GET / is its home page); serve the files with "
          + "any static server on another port, e.g. python3 -m http.server, and allow its origin with --cors ORIGIN")
    }
    if snapshotsDirectory != nil {
      throw ValidationError(
        "--snapshots is not supported: kumiki-api reads standard input only for --exit-on-eof; save a snapshot "
          + "with curl http://HOST:PORT/db > snapshot.json")
    }
    _ = try routeRewriter()
    if databasePath != nil, !emptyLists.isEmpty || replacementsPath != nil {
      throw ValidationError(
        "--empty and --replace change the data served, which --db would save on the first write: serve the "
          + "bundled data, or a copy of the file without --db")
    }
    for name in emptyLists where name.isEmpty || name.count > FixtureServer.Configuration.maximumNameLength {
      throw ValidationError("--empty takes a list's name (1...256 characters) or '*', got '\(VisibleText.shown(name))'")
    }
    _ = try replacements()
  }

  /// The `--replace` file's resources, or `nil` without the flag.
  private func replacements() throws -> JSONObject? {
    guard let replacementsPath else { return nil }
    do {
      return try FixtureServer.loadDataFile(URL(fileURLWithPath: replacementsPath)).root
    } catch {
      throw ValidationError("--replace \(VisibleText.shown(replacementsPath, limit: 200)): \(error)")
    }
  }

  /// The `--routes` rules, or `nil` without the flag.
  private func routeRewriter() throws -> RouteRewriter? {
    guard let routes else { return nil }
    do {
      return try RouteRewriter(contentsOf: URL(fileURLWithPath: routes))
    } catch {
      throw ValidationError("--routes \(routes): \(error)")
    }
  }

  /// Sets json-server's options (--id, --foreignKeySuffix, --no-cors, --routes as read once by the caller, --watch)
  /// on `configuration`.
  private func applyJSONServerOptions(to configuration: inout FixtureServer.Configuration, routes: RouteRewriter?) {
    configuration.idField = idField
    configuration.foreignKeySuffix = foreignKeySuffix
    configuration.allowsCrossOrigin = !noCORS
    configuration.allowedOrigins = corsOrigins
    configuration.routes = routes
    configuration.watchesDatabaseFile = watch
    configuration.maximumConnections = maxConnections
    configuration.log = { @Sendable line in Self.printError("kumiki-api: \(line)") }
    configuration.addsMissingResources = addMissing
  }

  @Flag(
    name: .customLong("create-db"),
    help: "With --db: create a missing file from the bundled sample data (private, 0600) instead of failing.")
  var createDatabase = false

  @Flag(
    name: .customLong("add-missing"),
    help: ArgumentHelp(
      "With --db: add the bundled sample data's top-level resources the file lacks (keys it has are never touched), "
        + "saving only when one was missing (how the apps' embedded API gains a new feature's collection)."))
  var addMissing = false

  @Flag(
    name: .customLong("reset-db"),
    help: "With --db: replace the file's content with the bundled sample data, then exit (refused while served).")
  var resetDatabase = false

  @Flag(
    help: ArgumentHelp(
      "With --db: when another kumiki-api already serves the file, print its address as this server's and wait "
        + "(for --exit-on-eof) instead of failing (how apps on one database share their embedded API)."))
  var join = false

  func run() async throws {
    if resetDatabase {
      guard let databasePath else { throw ValidationError("--reset-db needs --db FILE") }
      do {
        if let kept = try FixtureServer.resetDatabaseFile(URL(fileURLWithPath: databasePath)) {
          Self.printError("kumiki-api: \(databasePath) did not load; its content is kept in \(kept)")
        }
      } catch {
        Self.printError("kumiki-api: cannot reset \(databasePath): \(error)")
        throw ExitCode.failure
      }
      FileHandle.standardOutput.write(Data("kumiki-api: \(databasePath) now holds the sample data\n".utf8))
      return
    }
    // The rules read once: the server runs them and the banner counts them (the file may change meanwhile).
    let routeRules = try routeRewriter()
    let replaced = try replacements()
    // With --db the server loads the file itself, once it holds the file's lock.
    let databaseFile = databasePath.map { URL(fileURLWithPath: $0) }
    let database: FixtureDatabase?
    do {
      database = databaseFile == nil ? try FixtureDatabase.bundled : nil
    } catch {
      Self.printError("kumiki-api: cannot load the bundled db.json: \(error)")
      throw ExitCode.failure
    }

    let log: (@Sendable (String) -> Void)? = verbose ? { @Sendable line in Self.printError(line) } : nil
    let server: FixtureServer
    do {
      var configuration = FixtureServer.Configuration(
        host: host, port: port, database: database, databaseFile: databaseFile, readOnly: readOnly,
        delay: .milliseconds(delay), faults: try faultPlan(), allowsFaultControl: allowFaults,
        headerTimeout: .milliseconds(Int((headerTimeout * 1000).rounded())),
        idleTimeout: .milliseconds(Int((idleTimeout * 1000).rounded())),
        patternTimeLimit: .milliseconds(regexTimeLimit), requestLog: log, handlesTerminationSignals: true,
        createsMissingDatabaseFile: createDatabase)
      applyJSONServerOptions(to: &configuration, routes: routeRules)
      configuration.replacedResources = replaced
      configuration.emptiedLists = emptyLists.isEmpty ? nil : ListSelection(spellings: emptyLists)
      // A new secret for this run; written to the file only once this server holds the data file.
      if let tokenFile {
        configuration.runToken = RunToken.generate()
        configuration.tokenFile = URL(fileURLWithPath: tokenFile)
      }
      server = try await FixtureServer.start(configuration)
    } catch FixtureServerError.databaseInUse(let path, let lockFile, let holder) where join {
      try await joinServer(serving: URL(fileURLWithPath: path), lockFile: lockFile, holder: holder)
      return
    } catch let error as FixtureDatabaseError {
      Self.printError("kumiki-api: cannot load \(databasePath ?? "the bundled db.json"): \(error)")
      throw ExitCode(Self.unloadableDataExitCode)
    } catch {
      Self.printError("kumiki-api: \(error)")
      throw ExitCode.failure
    }

    var banner = "kumiki-api listening on \(server.baseURL.absoluteString)\n"
    for name in server.database.resourceNames {
      banner += "  \(server.baseURL.absoluteString)/\(name)\n"
    }
    banner += "  home: \(server.baseURL.absoluteString)/\n"
    if let rules = routeRules {
      banner += "  routes from \(routes ?? ""): \(rules.ruleCount) rules, \(server.baseURL.absoluteString)/__rules\n"
    }
    if watch, let databaseFile {
      banner += "  watching \(databaseFile.path) for edits\n"
    }
    if readOnly {
      banner += "  read-only: writes are refused with 403\n"
    } else if let databaseFile {
      banner += "  writes are saved to \(databaseFile.path)\n"
    } else {
      banner += "  writes are kept in memory until the server stops\n"
    }
    if let resources = replaced {
      banner +=
        "  replaced from \(VisibleText.shown(replacementsPath ?? "", limit: 200)): \(resources.keys.sorted().map { VisibleText.shown($0) }.joined(separator: ", "))\n"
    }
    if !emptyLists.isEmpty {
      banner +=
        "  served empty: \(emptyLists.contains("*") ? "every list" : emptyLists.map { VisibleText.shown($0) }.joined(separator: ", "))\n"
    }
    if !server.faults.isEmpty {
      banner += "  faults: \(FaultSummary(server.faults))\n"
    }
    if let tokenFile {
      banner += "  requests must prove the run token of \(VisibleText.shown(tokenFile, limit: 200)) (Kumiki-Token)\n"
    }
    if !corsOrigins.isEmpty {
      banner += "  pages of \(corsOrigins.joined(separator: ", ")) may write (--cors)\n"
    }
    if allowFaults {
      banner += "  clients may inject faults: X-Kumiki-Fault header, \(server.baseURL.absoluteString)/__faults\n"
    }
    FileHandle.standardOutput.write(Data(banner.utf8))

    if exitOnEOF {
      // The parent holds the only write end: its exit, clean or not, ends this read.
      Thread {
        _ = FileHandle.standardInput.readDataToEndOfFile()
        Task { await server.shutdown() }
      }.start()
    }
    try await server.waitUntilStopped()
  }

  /// `--join`: another server holds the file. Waits (up to 10 s) for it to write its address and prints it as this
  /// server's; then, when that server stops (its app quit), takes over: serves the file at the same address, so
  /// the app that started this one keeps its API. Ends when standard input closes (`--exit-on-eof`; else when
  /// killed).
  private func joinServer(serving file: URL, lockFile: String, holder: Int32?) async throws {
    let routeRules = try routeRewriter()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    var address = FixtureServer.addressServing(file)
    while address == nil, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))  // the other server is binding; its address has no event to await
      address = FixtureServer.addressServing(file)
    }
    guard let address, let port = address.port else {
      Self.printError(
        "kumiki-api: \(file.path) is served by \(holder.map { "process \($0)" } ?? "another process") (\(lockFile)), "
          + "which gave no address to join")
      throw ExitCode.failure
    }
    let owner = holder.map { "process \($0)" } ?? "another kumiki-api"
    // The joined server's secret, kept for a take-over: the apps that joined it keep proving it.
    var joinedToken: RunToken?
    if let tokenFile {
      do {
        joinedToken = try RunToken.load(from: tokenFile)
      } catch {
        Self.printError(
          "kumiki-api: cannot join \(owner) at \(address.absoluteString): it serves \(file.lastPathComponent) but gave "
            + "no run token (not started with --token-file), so its answers could not be told from another program's: "
            + "stop it, or use it with --api \(address.absoluteString) (\(error))")
        throw ExitCode.failure
      }
    }
    FileHandle.standardOutput.write(Data("kumiki-api listening on \(address.absoluteString)\n".utf8))
    Self.printError("joined \(owner) at \(address.absoluteString): it already serves \(file.path)")
    let taken = TakenOver()
    if exitOnEOF {
      Thread {
        _ = FileHandle.standardInput.readDataToEndOfFile()
        Task {
          await taken.server?.shutdown()
          Foundation.exit(0)
        }
      }.start()
    }
    // Take over when the owner stops; another joiner may win the file first: it serves the same address, so wait
    // for that one in turn.
    while true {
      await FixtureServer.waitUntilNotServed(file)
      let server: FixtureServer
      do {
        var configuration = FixtureServer.Configuration(
          host: host, port: port, databaseFile: file, readOnly: readOnly, delay: .milliseconds(delay),
          faults: try faultPlan(), allowsFaultControl: allowFaults,
          headerTimeout: .milliseconds(Int((headerTimeout * 1000).rounded())),
          idleTimeout: .milliseconds(Int((idleTimeout * 1000).rounded())),
          patternTimeLimit: .milliseconds(regexTimeLimit),
          requestLog: verbose ? { @Sendable line in Self.printError(line) } : nil, handlesTerminationSignals: true,
          createsMissingDatabaseFile: createDatabase)
        applyJSONServerOptions(to: &configuration, routes: routeRules)
        configuration.runToken = joinedToken
        configuration.tokenFile = tokenFile.map { URL(fileURLWithPath: $0) }
        server = try await FixtureServer.start(configuration)
      } catch FixtureServerError.databaseInUse {
        continue
      } catch {
        Self.printError("kumiki-api: could not take over \(file.path) at \(address.absoluteString): \(error)")
        throw ExitCode.failure
      }
      taken.server = server
      Self.printError("took over \(file.path) at \(address.absoluteString): \(owner) stopped")
      try await server.waitUntilStopped()
      return
    }
  }

  private func faultPlan() throws -> FaultPlan {
    var plan = FaultPlan()
    for rule in faultRules {
      do {
        try plan.add(rule: rule)
      } catch {
        throw ValidationError("--fault \(error)")
      }
    }
    return plan
  }

  /// The exit status when the data (the `--db` file) cannot be loaded: sysexits' `EX_DATAERR`, so the apps can tell
  /// their data file's problem (which `kumiki fixtures reset` fixes) from any other failure to start (1).
  static let unloadableDataExitCode: Int32 = 65

  private static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}

/// The server a joined `kumiki-api` took over, for the end-of-input handler to stop.
final class TakenOver: Sendable {
  private let value = Mutex<FixtureServer?>(nil)

  var server: FixtureServer? {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }
}

/// `* latency=200; notes status=500` — the plan on one line for the start-up banner.
struct FaultSummary: CustomStringConvertible {
  let plan: FaultPlan

  init(_ plan: FaultPlan) {
    self.plan = plan
  }

  var description: String {
    var scopes: [String] = []
    if !plan.global.isEmpty { scopes.append("* " + plan.global.map(\.description).joined(separator: ", ")) }
    for name in plan.endpoints.keys.sorted() {
      scopes.append(name + " " + plan[.endpoint(name)].map(\.description).joined(separator: ", "))
    }
    return scopes.joined(separator: "; ")
  }
}

/// Runs the command. In top-level code `KumikiAPI.main()` would resolve to ParsableCommand's synchronous entry
/// point, which refuses async commands; inside an async function the async overload wins.
func runKumikiAPI() async {
  await KumikiAPI.main()
}

await runKumikiAPI()
