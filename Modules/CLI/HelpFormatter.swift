import FeatureAssembly
import FeatureKit
import Terminal

/// The help texts of `kumiki`, built from the app's commands. Every help opens with a one-line description, then
/// the usage, the commands (grouped by feature) or arguments, options, the exit codes that apply and (root only)
/// environment variables, and ends with a few EXAMPLES. Text contributed by features is made inert
/// (`TextSanitizer`).
public struct HelpFormatter: Sendable {
  /// The app's commands, in mount order.
  public let commands: [AppCommand]
  /// The mounted features, for group titles.
  public let features: [MountedFeature]

  /// A formatter for `commands` of `features`.
  public init(commands: [AppCommand], features: [MountedFeature]) {
    self.commands = commands
    self.features = features
  }

  /// The one-line description that opens the root help.
  public static let summary = "kumiki: the app's features on the command line, as text for people or JSON for scripts."

  /// How many feature examples the root help shows (one per feature, the first features'), before the built-ins'.
  public static let rootExampleLimit = 4

  /// The usage line of the tool itself.
  public static let rootUsage = "kumiki [<options>] <command> [<arguments>]"

  /// The global options after the launch options (`LaunchArguments.helpRows`, which kumiki-tui's help lists too) and
  /// their help, in help order.
  public static let globalOptions: [(String, String)] = [
    ("--json [<fields>]", "Print the result as JSON on standard output (see Modules/CLI/README.md); with fields"),
    ("", "(id,title or items.id, after the command), only those: --json alone prints them all."),
    ("--jq <expression>", "Filter the JSON: paths (.items[].title), select(.price > 100), length, keys, |."),
    ("--color [<when>]", "Colour the output: auto (default: only on a terminal), always (also --color) or never."),
    ("--no-color", "Never colour the output (as --color=never)."),
    ("--no-pager", "Never page long output (see PAGER below)."),
    ("--verbose", "Print diagnostics (dispatched actions, timings) on standard error."),
    ("-h, --help", "Show help; 'kumiki <command> --help' for one command."),
    ("--version", "Show the version."),
  ]

  /// The exit statuses of every command and their meaning, in order: the one list the root help, the manual page, a
  /// command's and a group's help print (the root and the manual add ``replayExitCodes`` after it).
  public static let exitCodes: [(String, String)] = [
    ("0", "Success."),
    ("1", "Failure, with a one-line reason on standard error (cannot connect, HTTP status, timeout, bad data,"),
    ("", "database problem)."),
    ("3", "Conflict: a write met a newer change on the server (412); nothing was written."),
    ("64", "Usage error: unknown command, unknown option, missing or invalid argument."),
  ]

  /// Every status, in order, as the root help and the manual page list them: every command's, then replay's.
  static var allExitCodes: [(String, String)] { exitCodes + replayExitCodes }

  /// The statuses only `kumiki replay` adds (its own help lists them).
  public static let replayExitCodes: [(String, String)] = [
    ("65", "kumiki replay: the recording is malformed, or an action no longer decodes."),
    ("66", "kumiki replay: the recording cannot be read."),
    ("73", "kumiki replay --emit-test: the test file cannot be written."),
  ]

  /// The environment variables read.
  public static let environmentVariables: [(String, String)] = [
    ("KUMIKI_API_URL", "Backend base URL when --api is not given."),
    ("KUMIKI_DB", "Database file when --db is not given."),
    ("KUMIKI_CACHE", "Response cache file (default: beside the database, kumiki-cache.sqlite)."),
    ("KUMIKI_CACHE_MAX_AGE", "Seconds a cached response is fresh (default 60, at most a year; 0 always asks)."),
    ("KUMIKI_TIMEOUT", "Seconds a request may take (default 30; 0.001 to 86400)."),
    ("KUMIKI_API_BIN", "The kumiki-api run as the embedded API (default: beside kumiki)."),
    ("XDG_DATA_HOME", "The default database is $XDG_DATA_HOME/kumiki/kumiki.sqlite (an absolute path),"),
    ("HOME", "else $HOME/.local/share/kumiki/kumiki.sqlite."),
    ("KUMIKI_PAGER", "The pager for long output on a terminal, before PAGER; empty: none."),
    ("PAGER", "The pager when KUMIKI_PAGER is unset (default: less -FRX); empty or cat: none."),
    ("LESS", "Options for less as the pager (default FRX)."),
    ("LV", "Options for lv as the pager (default -c)."),
    ("NO_COLOR", "When set and not empty, disables colour (no-color.org)."),
    ("TERM", "'dumb' disables colour, the progress spinner and the pager."),
    ("COLUMNS", "Width of text output (default: the terminal's width, else 80)."),
  ]

  /// The help text for `topic`, newline-terminated.
  public func text(for topic: HelpTopic) -> String {
    let sections: [[String]] =
      switch topic {
      case .root: rootSections()
      case .command(let command): commandSections(command)
      case .group(let key): groupSections(key)
      }
    return sections.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
  }

  // MARK: Topics

  func rootSections() -> [[String]] {
    let keys = Self.orderedKeys(commands)
    var examples = keys.prefix(Self.rootExampleLimit).compactMap { key in
      commands.first { $0.featureKey == key && !$0.examples.isEmpty }?.examples.first.map { "kumiki " + $0 }
    }
    if let first = commands.first { examples.append("kumiki help \(first.name)") }
    examples += ["kumiki features", "source <(kumiki completion bash)"]
    var rows: [String] = []
    let nameWidth = (commands.map(\.name) + Self.builtinRows.map(\.0)).map(Self.width).max() ?? 0
    for key in keys {
      rows.append("  " + Self.safe(title(of: key)))
      rows += commands.filter { $0.featureKey == key }.map {
        Self.row($0.name, $0.abstract, indent: 4, width: nameWidth)
      }
    }
    rows.append("  Built in")
    rows += Self.builtinRows.map { Self.row($0.0, $0.1, indent: 4, width: nameWidth) }
    return [
      [Self.summary],
      ["USAGE: " + Self.rootUsage],
      ["COMMANDS:"] + rows,
      ["OPTIONS:"] + Self.table(LaunchArguments.helpRows + Self.globalOptions),
      ["EXIT CODES:"] + Self.table(Self.allExitCodes),
      ["ENVIRONMENT:"] + Self.table(Self.environmentVariables),
      Self.examples(examples),
    ]
  }

  func commandSections(_ command: AppCommand) -> [[String]] {
    var examples = command.examples.map { "kumiki " + $0 }
    if examples.isEmpty {
      let required = command.arguments.filter { $0.kind == .positional(optional: false) }.map(\.label)
      examples = [(["kumiki", command.name] + required).joined(separator: " ")]
    }
    let positionals = command.arguments.filter(\.isPositional)
    let options = command.arguments.filter { !$0.isPositional }
    let children = subcommands(of: command.words)
    return [
      [Self.safe(command.abstract)],
      ["USAGE: " + Self.safe(command.usage)],
      positionals.isEmpty ? [] : ["ARGUMENTS:"] + Self.table(positionals.map { ($0.label, Self.help(for: $0)) }),
      ["OPTIONS:"]
        + Self.table(options.map { ($0.label, Self.help(for: $0)) } + [("-h, --help", "Show this help.")]),
      children.isEmpty ? [] : ["SUBCOMMANDS:"] + Self.table(children.map { ($0.name, $0.abstract) }),
      [
        "Global options (--api, --db, --features, --fresh, --json [<fields>], --jq, --color, --no-pager, --verbose)",
        "work with every command; see 'kumiki --help'.",
      ],
      ["EXIT CODES:"] + Self.table(Self.exitCodes),
      Self.examples(examples),
    ]
  }

  func groupSections(_ key: String) -> [[String]] {
    let children = commands.filter { $0.featureKey == key }
    var examples = children.flatMap(\.examples).map { "kumiki " + $0 }
    if examples.isEmpty { examples = children.prefix(3).map { "kumiki " + $0.name } }
    return [
      ["The commands of " + Self.safe(title(of: key)) + "."],
      ["USAGE: kumiki \(Self.safe(key)) <subcommand> [<arguments>]"],
      ["SUBCOMMANDS:"] + Self.table(children.map { ($0.name, $0.abstract) }),
      ["See 'kumiki \(Self.safe(key)) <subcommand> --help' for one command, 'kumiki --help' for global options."],
      ["EXIT CODES:"] + Self.table(Self.exitCodes),
      Self.examples(examples),
    ]
  }

  // MARK: Pieces

  /// Rows `  <name>  <abstract>` for an unknown-command report, aligned by display width.
  static func commandRows(_ commands: [AppCommand], includeBuiltins: Bool) -> [String] {
    let pairs = commands.map { ($0.name, $0.abstract) } + (includeBuiltins ? builtinRows : [])
    return table(pairs)
  }

  static let builtinRows: [(String, String)] = [
    ("features", "List the registered features."),
    ("help [<command>]", "Show help, for the tool or one command."),
    ("completion <shell>", "Print a completion script for bash, zsh or fish."),
    ("man", "Print the manual page (roff): kumiki man | man -l -."),
    ("cache status|clear", "Show or clear the response cache."),
    ("fixtures reset", "Put the embedded API's data back to the sample data."),
    ("outbox [<command>]", "List, send or discard the changes waiting to reach the API."),
    ("replay <file>", "Replay a recorded session: each feature's state, or a test (--emit-test)."),
    ("open <route>", "Open a screen a feature declares (archive/item/6): print its command and run it."),
  ]

  func title(of key: String) -> String {
    let title = features.first { $0.key == key }?.title ?? key
    return title == key ? key : "\(title) (\(key))"
  }

  func subcommands(of words: [String]) -> [AppCommand] {
    commands.filter { $0.words.count > words.count && $0.words.starts(with: words) }
  }

  static func orderedKeys(_ commands: [AppCommand]) -> [String] {
    var seen = Set<String>()
    return commands.map(\.featureKey).filter { seen.insert($0).inserted }
  }

  static func examples(_ lines: [String]) -> [String] {
    ["EXAMPLES:"] + lines.map { "  " + safe($0) }
  }

  static func help(for argument: CommandArgument) -> String {
    var text = argument.help
    switch argument.kind {
    case .positional(let optional): if optional { text += " (optional)" }
    case .option(let choices): if !choices.isEmpty { text += " (one of: \(choices.joined(separator: ", ")))" }
    case .flag: break
    }
    return text
  }

  /// Two columns, the first padded to its widest cell (by display width), indented by two spaces.
  static func table(_ rows: [(String, String)]) -> [String] {
    let width = rows.map { self.width($0.0) }.max() ?? 0
    return rows.map { row($0.0, $0.1, indent: 2, width: width) }
  }

  static func row(_ name: String, _ text: String, indent: Int, width: Int) -> String {
    let line = String(repeating: " ", count: indent) + safe(name).padded(toWidth: width) + "  " + safe(text)
    return TextRenderer.trimmingTrailingSpaces(line)
  }

  static func width(_ text: String) -> Int { displayWidth(of: safe(text)) }

  static func safe(_ text: String) -> String { TextSanitizer.inert(text) }
}
