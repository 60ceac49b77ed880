/// The helps of the built-in commands, each its own: a group's (`kumiki cache --help`) and each subcommand's
/// (`kumiki outbox send --help`), and those of `features`, `completion` and `man`. Answered without the app.
enum BuiltinHelp {
  /// Each built-in command's words and its help; a group's words are one word.
  static let pages: [(words: [String], help: String)] = [
    ([CacheCommand.group], CacheCommand.help),
    (
      ["cache", "status"],
      page(
        "Show where the response cache is, how many responses it holds and how old they are.",
        usage: "kumiki cache status [--json]", options: [("--json", "Print the report as JSON.")],
        examples: ["kumiki cache status", "kumiki cache status --json location,entries"])
    ),
    (
      ["cache", "clear"],
      page(
        "Remove every cached response (saved items, settings and waiting changes are not touched).",
        usage: "kumiki cache clear [--json]", options: [("--json", "Print {\"location\":…,\"removed\":N}.")],
        examples: ["kumiki cache clear"])
    ),
    ([FixturesCommand.group], FixturesCommand.help),
    (
      ["fixtures", "reset"],
      page(
        "Replace the embedded API's data with the sample data: the writes made to it are lost.",
        usage: "kumiki fixtures reset [--yes]",
        options: [
          ("-y, --yes", "Reset without asking. Needed when standard input is not a terminal (64 without it);"),
          ("", "on a terminal, reset asks first."),
        ],
        examples: ["kumiki fixtures reset", "kumiki fixtures reset --yes --json"], exitOne: "Failure, or cancelled.")
    ),
    ([OutboxCommand.group], OutboxCommand.help),
    (
      ["outbox", "list"],
      page(
        "List the changes waiting to reach the API, oldest first (what kumiki outbox alone does).",
        usage: "kumiki outbox list [--json]", options: [("--json", "Print {\"writes\":[…],\"pending\":N,…}.")],
        examples: ["kumiki outbox list", "kumiki outbox --json --jq '.writes[].id'"])
    ),
    (
      ["outbox", "send"],
      page(
        "Send the waiting changes now, in order; say what was sent, refused, and what still waits.",
        usage: "kumiki outbox send [--json]",
        options: [("--json", "Print {\"sent\":[…],\"refused\":[…],\"pending\":N,\"stopped\":…,\"held\":[…]}.")],
        examples: ["kumiki outbox send"], exitOne: "Changes still wait, or are held (outcome unknown, unreadable).")
    ),
    (
      ["outbox", "discard"],
      page(
        "Drop change ID without sending it (an unreadable entry too).", usage: "kumiki outbox discard <id> [--json]",
        arguments: [("<id>", "The change's ID, as kumiki outbox lists it.")], options: [],
        examples: ["kumiki outbox discard 3"], exitSixtyFour: "Usage error: an ID that is not in the outbox.")
    ),
    (
      ["outbox", "retry"],
      page(
        "Send again change ID whose outcome is unknown (check first that the server does not have it).",
        usage: "kumiki outbox retry <id> [--json]",
        arguments: [("<id>", "The change's ID, as kumiki outbox lists it.")],
        options: [], examples: ["kumiki outbox retry 3"],
        exitSixtyFour: "Usage error: an ID that is not in the outbox.")
    ),
    ([ReplayCommand.group], ReplayCommand.help),
    ([OpenCommand.group], OpenCommand.help),
    (
      ["features"],
      page(
        "List the registered features: key, title, whether it has a screen, and its commands.",
        usage: "kumiki features [--json]", options: [("--json", "Print {\"features\":[{\"key\":…,…}]}.")],
        examples: ["kumiki features", "kumiki features --json --jq '.features[].key'"])
    ),
    (
      ["completion"],
      page(
        "Print a completion script for bash, zsh or fish: command words, options and their choices.",
        usage: "kumiki completion <bash|zsh|fish>", arguments: [("<shell>", "bash, zsh or fish.")], options: [],
        examples: [
          "source <(kumiki completion bash)", "kumiki completion zsh > \"${fpath[1]}/_kumiki\"",
          "kumiki completion fish > ~/.config/fish/completions/kumiki.fish",
        ])
    ),
    (
      ["man"],
      page(
        "Print the manual page of kumiki (roff, section 1), generated from the commands' descriptions.",
        usage: "kumiki man", options: [],
        examples: ["kumiki man > kumiki.1 && man ./kumiki.1", "kumiki man | man -l -"])
    ),
  ]

  /// The help `remaining` asks for (`help <words>`, or `<words> …` with `--help` or `-h` before `--`): the page of
  /// the longest run of its leading words that names a built-in command, or `nil`.
  static func help(for remaining: [String]) -> String? {
    let options = remaining.prefix { $0 != "--" }
    var words = Array(options)
    let asked = words.first == "help" || words.contains("--help") || words.contains("-h")
    if words.first == "help" { words.removeFirst() }
    words = Array(words.prefix { !ArgumentBinder.looksLikeOption($0) })
    guard asked, !words.isEmpty else { return nil }
    return pages.filter { words.starts(with: $0.words) }.max { $0.words.count < $1.words.count }?.help
  }

  /// A built-in command's help in the order every help keeps: what it does, USAGE, ARGUMENTS, OPTIONS, EXIT CODES,
  /// EXAMPLES.
  static func page(
    _ abstract: String, usage: String, arguments: [(String, String)] = [], options: [(String, String)],
    examples: [String], exitOne: String = "Failure, with a one-line reason on standard error.",
    exitSixtyFour: String = "Usage error: an unknown subcommand or option."
  ) -> String {
    let sections: [[String]] = [
      [abstract],
      ["USAGE: " + usage],
      arguments.isEmpty ? [] : ["ARGUMENTS:"] + HelpFormatter.table(arguments),
      ["OPTIONS:"] + HelpFormatter.table(options + [("-h, --help", "Show this help.")]),
      ["Global options work with every command; see 'kumiki --help'."],
      ["EXIT CODES:"] + HelpFormatter.table([("0", "Success."), ("1", exitOne), ("64", exitSixtyFour)]),
      HelpFormatter.examples(examples),
    ]
    return sections.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
  }
}
