// kumiki-api: serves a json-server compatible fixture API (the bundled gourmet-magazine db.json by default).
import ArgumentParser
import FixtureData
import FixtureServer
import Foundation

/// The `kumiki-api` command line.
struct KumikiAPI: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kumiki-api",
    abstract: "Serve a json-server compatible fixture API over HTTP.",
    discussion: """
      Serves the bundled gourmet-magazine dataset, or any db.json given with --db, with json-server 0.17 query \
      and write semantics: POST /name creates (201; a missing id is the largest numeric id + 1, or a random \
      string), PUT and PATCH /name/:id replace and merge (the id stays), DELETE /name/:id removes (200 {}); \
      PUT, PATCH and POST on a singular resource such as /profile_personal replace or merge it. An unknown \
      resource or id is 404, a taken id 409, a body that is not a JSON object 400.

      With --db every successful write is saved to that file atomically (temporary file, fsync, rename), so a \
      restart serves it; without --db writes live in memory until the server stops and the bundled data is \
      never modified. --read-only refuses every write with 403.

      Faults can be injected with --fault, switched at run time under /__faults, or requested per request with \
      the X-Kumiki-Fault header; they apply to writes too (a status or reset fault stops the write). SIGINT or \
      SIGTERM shut the server down gracefully.
      """)

  @Option(help: "The address to bind.")
  var host = "127.0.0.1"

  @Option(help: "The port to bind; 0 picks a free port (the bound URL is printed).")
  var port = 3000

  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "Serve this db.json instead of the bundled one, saving every write to it atomically.", valueName: "path"))
  var databasePath: String?

  @Flag(help: "Refuse every POST, PUT, PATCH and DELETE with 403 (reads and /__faults still work).")
  var readOnly = false

  @Option(help: ArgumentHelp("Delay every response by this many milliseconds.", valueName: "ms"))
  var delay = 0

  @Option(
    name: .customLong("fault"),
    help: ArgumentHelp(
      "Inject a fault, globally or for one endpoint (repeatable): [endpoint:]latency=MS | status=CODE | "
        + "malformed-json | truncated-body | wrong-types | huge-body[=BYTES] | reset",
      valueName: "rule"))
  var faultRules: [String] = []

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
  }

  func run() async throws {
    let database: FixtureDatabase
    let databaseFile = databasePath.map { URL(fileURLWithPath: $0) }
    do {
      if let databaseFile {
        database = try FixtureDatabase(contentsOf: databaseFile)
      } else {
        database = try FixtureDatabase.bundled
      }
    } catch {
      Self.printError("kumiki-api: cannot load \(databasePath ?? "the bundled db.json"): \(error)")
      throw ExitCode.failure
    }

    let log: (@Sendable (String) -> Void)? = verbose ? { @Sendable line in Self.printError(line) } : nil
    let server: FixtureServer
    do {
      server = try await FixtureServer.start(
        FixtureServer.Configuration(
          host: host, port: port, database: database, databaseFile: databaseFile, readOnly: readOnly,
          delay: .milliseconds(delay), faults: try faultPlan(), requestLog: log, handlesTerminationSignals: true))
    } catch {
      Self.printError("kumiki-api: \(error)")
      throw ExitCode.failure
    }

    var banner = "kumiki-api listening on \(server.baseURL.absoluteString)\n"
    for name in database.resourceNames {
      banner += "  \(server.baseURL.absoluteString)/\(name)\n"
    }
    if readOnly {
      banner += "  read-only: writes are refused with 403\n"
    } else if let databaseFile {
      banner += "  writes are saved to \(databaseFile.path)\n"
    } else {
      banner += "  writes are kept in memory until the server stops\n"
    }
    if !server.faults.isEmpty {
      banner += "  faults: \(FaultSummary(server.faults))\n"
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

  private static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}

/// `* latency=200; recent_news status=500` — the plan on one line for the start-up banner.
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
