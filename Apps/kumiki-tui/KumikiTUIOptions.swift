import CLI

/// `kumiki-tui`'s command line: the launch options `kumiki` takes too, parsed as it parses them
/// (``LaunchArguments``, with their environment), and the TUI's own: `--record FILE`, `--no-color`, `--help`,
/// `--version`.
struct KumikiTUIOptions {
  /// `--api`, `--db`, `--features`, `--fresh` and their environment.
  var launch: LaunchArguments
  /// `--record FILE`: the session written as it happens.
  var record: String?
  /// `--no-color`.
  var noColor: Bool
  /// `-h`, `--help`: print the help and exit.
  var help: Bool
  /// `--version`: print the version and exit.
  var version: Bool

  /// The TUI's own options (after the launch options in help), with whether each takes a value.
  static let own: [(name: String, value: String?, help: String)] = [
    (
      "--record", "file",
      "Record the session to this file as it happens (JSON Lines; replay it with `kumiki replay FILE`)."
    ),
    ("--no-color", nil, "Do not use colours (also: NO_COLOR)."),
    ("--version", nil, "Show the version."),
    ("-h, --help", nil, "Show help information."),
  ]

  /// The options in `arguments` (the command line without the program name); anything else, or a bad value, is a
  /// usage error (exit 64).
  static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> KumikiTUIOptions {
    let (launch, given) = try LaunchArguments.parse(
      arguments, environment: environment, program: "kumiki-tui",
      own: ["--record": true, "--no-color": false, "--version": false, "--help": false, "-h": false])
    return KumikiTUIOptions(
      launch: launch, record: given["--record"], noColor: given["--no-color"] != nil,
      help: given["--help"] != nil || given["-h"] != nil, version: given["--version"] != nil)
  }

  /// What `kumiki-tui --help` prints.
  static func helpText(version: String) -> String {
    let rows = LaunchArguments.helpRows + own.map { ($0.name + ($0.value.map { " <\($0)>" } ?? ""), $0.help) }
    let width = rows.map(\.0.count).max() ?? 0
    let options = rows.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
    return """
      OVERVIEW: The Kumiki gourmet magazine, full screen in your terminal.

      Keys: Tab/Shift-Tab or 1-9 switch tabs · arrows or h/j/k/l move · Enter activates · / search ·
      r refresh · o outbox · d or F12 DevTools · ? help · q or Ctrl-C quit.
      Without --api (or KUMIKI_API_URL) the app starts its embedded fixture server on a free loopback port; it
      keeps your writes (an edit you save) in kumiki-api.json beside the database (`kumiki fixtures reset` restores
      the sample data). A user name and password in --api are sent to that host only, never shown or recorded.
      KUMIKI_TIMEOUT (seconds, 0.001-86400) and KUMIKI_CACHE_MAX_AGE (0 to a year) out of range exit with 64.
      The database, the cache, recordings and the folder Kumiki creates are private (0600, 0700).
      Screens read through a response cache beside the database (kumiki-cache.sqlite): with the API down they show
      their last data marked "offline · as of 14:32"; r refreshes from the network. A change that cannot reach the
      API waits in the outbox ("1 change waiting to send"; o lists them) and is sent, in order, once it answers;
      in the list, r retries the chosen change and d discards it, as kumiki outbox retry and discard do.
      --record FILE writes every action as it happens (JSON Lines; `kumiki replay FILE` replays it headless and
      turns it into a test). DevTools' export (e) writes the same format.
      Needs an interactive terminal; for scripts use `kumiki`.
      KUMIKI_TUI_TRACE=path writes a JSON line per frame (time, bytes, tab, complete) for start-up measurements.

      USAGE: kumiki-tui
             kumiki-tui --features KEY,KEY
             kumiki-tui --api http://localhost:3000 --db ./kumiki.sqlite
             kumiki-tui --record session.jsonl

      OPTIONS:

      """ + options.joined(separator: "\n") + "\n"
  }
}
