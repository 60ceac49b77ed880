import ArgumentParser
import FixtureServer
import Foundation

/// `kumiki-api`: serves a json-server compatible fixture API (by default the union of every feature's
/// fixtures.json). This file holds its options; what they mean together is checked in `KumikiAPI+Validation.swift`,
/// the server they configure is `KumikiAPI+Serving.swift`, the hand-over between servers on one file is
/// `KumikiAPI+HandOver.swift`, and how a server stops is `KumikiAPI+Stopping.swift`.
struct KumikiAPI: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kumiki-api",
    abstract: "Serve a json-server compatible fixture API over HTTP.",
    discussion: discussion,
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

  @Option(
    name: .customLong("write-journal"),
    help: ArgumentHelp(
      "Test-only, with --allow-faults: append one JSON line per write applied to this file (chaos runs read it).",
      valueName: "path"))
  var writeJournal: String?

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

  /// The exit status when the data (the `--db` file) cannot be loaded: sysexits' `EX_DATAERR`, so the apps can tell
  /// their data file's problem (which `kumiki fixtures reset` fixes) from any other failure to start (1).
  static let unloadableDataExitCode: Int32 = 65

  /// Writes `line` to standard error.
  static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
