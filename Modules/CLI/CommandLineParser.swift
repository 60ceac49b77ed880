import FeatureAssembly
import FeatureKit

/// Parses what remains of a command line once ``CLIOptions/parse(_:environment:)`` has taken the global options:
/// `<feature-key> [path words] [arguments]` matched against the app's commands, or a built-in.
///
/// Built-ins (`features`, `help [command]`, `completion bash|zsh|fish`, `--version`, and `-h`/`--help` anywhere
/// before `--`) take precedence over a feature mounted under the same word. The longest run of leading words that
/// names a command wins, so `archive save 12` runs `archive save` with `12` as its argument.
public struct CommandLineParser: Sendable {
  /// The words of the built-in commands.
  public static let builtins = ["features", "help", "completion", "man"]

  /// The app's commands, in mount order.
  public let commands: [AppCommand]
  /// The mounted features (for grouping and for `archive --help` when `archive` alone is not a command).
  public let features: [MountedFeature]

  /// A parser for `commands` of `features`.
  public init(commands: [AppCommand], features: [MountedFeature]) {
    self.commands = commands
    self.features = features
  }

  /// A parser for an app's commands.
  public init(app: AppRuntime) {
    self.init(commands: app.commands, features: app.features)
  }

  /// The invocation `arguments` ask for, or a ``UsageError`` (unknown command with a suggestion and the list of
  /// commands; unknown option, missing or invalid argument with the command's usage line). No arguments at all
  /// asks for the root help.
  public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let options = arguments.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      var words = Array(options.prefix { !ArgumentBinder.looksLikeOption($0) })
      if words.first == "help" { words.removeFirst() }
      return .help(try topic(for: words))
    }
    guard let first = arguments.first else { return .help(.root) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--version":
      guard rest.isEmpty else { throw Self.rootError("unexpected argument '\(TextLine.clean(rest[0]))'") }
      return .version
    case "help":
      if let option = rest.first(where: ArgumentBinder.looksLikeOption) {
        var error = Self.rootError("unknown option '\(TextLine.clean(option))'")
        if let suggestion = Suggester.suggestion(for: CLIOptions.split(option).name, among: CLIOptions.names) {
          error.details.insert("Did you mean '\(suggestion)'?", at: 0)
        }
        throw error
      }
      return .help(try topic(for: rest))
    case "features":
      guard rest.isEmpty else {
        throw UsageError(
          "unexpected argument '\(TextLine.clean(rest[0]))'", details: ["Usage: kumiki features"])
      }
      return .features
    case "man":
      guard rest.isEmpty else {
        throw UsageError("unexpected argument '\(TextLine.clean(rest[0]))'", details: ["Usage: kumiki man"])
      }
      return .manual
    case "completion":
      let usage = ["Usage: kumiki completion <\(CompletionShell.allCases.map(\.rawValue).joined(separator: "|"))>"]
      guard let name = rest.first else { throw UsageError("missing argument <shell>", details: usage) }
      guard let shell = CompletionShell(rawValue: name) else {
        throw UsageError(
          "invalid shell '\(TextLine.clean(name))'; expected one of: "
            + CompletionShell.allCases.map(\.rawValue).joined(separator: ", "), details: usage)
      }
      guard rest.count == 1 else {
        throw UsageError("unexpected argument '\(TextLine.clean(rest[1]))'", details: usage)
      }
      return .completion(shell)
    default:
      if ArgumentBinder.looksLikeOption(first) || first == "--" {
        var error = Self.rootError(
          first == "--" ? "expected a command before '--'" : "unknown option '\(TextLine.clean(first))'")
        if first != "--",
          let suggestion = Suggester.suggestion(for: CLIOptions.split(first).name, among: CLIOptions.names)
        {
          error.details.insert("Did you mean '\(suggestion)'?", at: 0)
        }
        throw error
      }
      // A bare group (a feature key that is not itself a command) prints its help, as a built-in group does.
      if arguments == [first], longestMatch(arguments) == nil, commands.contains(where: { $0.featureKey == first }) {
        return .help(.group(first))
      }
      return try run(arguments)
    }
  }

  /// The feature command named by the leading words of `arguments`, bound to the rest.
  func run(_ arguments: [String]) throws(UsageError) -> Invocation {
    let words = Array(arguments.prefix { !ArgumentBinder.looksLikeOption($0) && $0 != "--" })
    guard let command = longestMatch(words) else { throw unknownCommand(words) }
    if words.count > command.words.count, !command.arguments.contains(where: \.isPositional),
      !subcommands(of: command.words).isEmpty
    {
      throw unknownCommand(words)
    }
    let input = try ArgumentBinder.bind(Array(arguments.dropFirst(command.words.count)), to: command)
    return .run(command, input)
  }

  /// The help topic for `words` (`[]` → root), ignoring words after the longest command match (they are
  /// arguments). An unknown first word is a usage error with a suggestion.
  func topic(for words: [String]) throws(UsageError) -> HelpTopic {
    guard let first = words.first else { return .root }
    if Self.builtins.contains(first) { return .root }
    if let command = longestMatch(words) {
      if words.count > command.words.count, !command.arguments.contains(where: \.isPositional),
        !subcommands(of: command.words).isEmpty
      {
        throw unknownCommand(words)
      }
      return .command(command)
    }
    if commands.contains(where: { $0.featureKey == first }) {
      if words.count > 1 { throw unknownCommand(words) }
      return .group(first)
    }
    throw unknownCommand(words)
  }

  /// `options` and `remaining` with the word `--json WORD` took as fields given back to the command line when it
  /// continues the command's words (`kumiki archive --json search`: `search` is a subcommand, and `--json` a flag);
  /// unchanged otherwise.
  func reclaimingJSONWord(
    _ options: CLIOptions, _ remaining: [String]
  ) -> (options: CLIOptions, remaining: [String]) {
    guard let (word, position) = options.jsonWord, position <= remaining.count else { return (options, remaining) }
    var restored = remaining
    restored.insert(word, at: position)
    func matched(_ arguments: [String]) -> Int {
      longestMatch(Array(arguments.prefix { !ArgumentBinder.looksLikeOption($0) && $0 != "--" }))?.words.count ?? 0
    }
    guard matched(restored) > matched(remaining) else { return (options, remaining) }
    var options = options
    options.jsonFields = []
    options.jsonWord = nil
    return (options, restored)
  }

  /// The command whose words are the longest prefix of `words`.
  func longestMatch(_ words: [String]) -> AppCommand? {
    var best: AppCommand?
    for command in commands where command.words.count <= words.count && words.starts(with: command.words) {
      if command.words.count > (best?.words.count ?? 0) { best = command }
    }
    return best
  }

  /// Commands strictly below `words`.
  func subcommands(of words: [String]) -> [AppCommand] {
    commands.filter { $0.words.count > words.count && $0.words.starts(with: words) }
  }

  /// "unknown command" (or "missing subcommand" for a bare feature key that is not a command itself), the closest
  /// command as a suggestion, and the commands to choose from (the feature's when the first word is a feature key,
  /// else all).
  func unknownCommand(_ words: [String]) -> UsageError {
    let isGroup = words.first.map { key in commands.contains { $0.featureKey == key } } ?? false
    let typed = words.prefix(isGroup ? 2 : 1).joined(separator: " ")
    var candidates: [(name: String, words: Int)] = commands.map { ($0.name, $0.words.count) }
    candidates += Self.builtins.map { ($0, 1) }
    var best: (name: String, distance: Int)?
    for count in Set(candidates.map(\.words)).sorted() where count <= max(words.count, 1) {
      let attempt = words.prefix(count).joined(separator: " ")
      let names = candidates.filter { $0.words == count }.map(\.name)
      if let name = Suggester.suggestion(for: attempt, among: names) {
        let distance = Suggester.distance(attempt, name)
        if best == nil || distance < best!.distance { best = (name, distance) }
      }
    }
    let listed = isGroup ? commands.filter { $0.featureKey == words[0] } : commands
    var details: [String] = []
    if let best { details.append("Did you mean 'kumiki \(best.name)'?") }
    details.append("")
    details.append("Commands:")
    details += HelpFormatter.commandRows(listed, includeBuiltins: !isGroup)
    details.append("")
    details.append("See 'kumiki --help'.")
    let message =
      isGroup && words.count == 1
      ? "missing subcommand for '\(TextLine.clean(typed))'" : "unknown command '\(TextLine.clean(typed))'"
    return UsageError(message, details: details)
  }

  static func rootError(_ message: String) -> UsageError {
    UsageError(message, details: ["Usage: \(HelpFormatter.rootUsage)", "See 'kumiki --help'."])
  }
}
