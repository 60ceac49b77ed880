/// A built-in group of one-word subcommands answered without building the app (`kumiki cache status|clear`,
/// `kumiki fixtures reset`): the words after the group name one case, nothing or `--help` asks for the help.
protocol MaintenanceCommand: RawRepresentable<String>, CaseIterable {
  /// The group's word (`cache`).
  static var group: String { get }
  /// The group's help text.
  static var help: String { get }
  /// The flags the subcommands take (`--yes`), each with its short form if any; none by default.
  static var flags: [(name: String, short: String?)] { get }
}

extension MaintenanceCommand {
  static var flags: [(name: String, short: String?)] { [] }

  /// The subcommand asked for by `arguments` (after the group's word) with the flags given (by their long names),
  /// `nil` for help. An unknown word or option is a usage error with the closest one as a suggestion.
  static func parse(_ arguments: [String]) throws(UsageError) -> (command: Self, flags: Set<String>)? {
    var words = arguments.filter { $0 != "--" }
    if words.isEmpty || words.contains("--help") || words.contains("-h") { return nil }
    let usage = "Usage: kumiki \(group) " + allCases.map(\.rawValue).joined(separator: "|")
    var given = Set<String>()
    for word in words where ArgumentBinder.looksLikeOption(word) {
      guard let flag = flags.first(where: { $0.name == word || $0.short == word }) else {
        var error = UsageError("unknown option '\(TextLine.clean(word))' for '\(group)'", details: [usage])
        let known = flags.map(\.name) + CLIOptions.names
        if let suggestion = Suggester.suggestion(for: CLIOptions.split(word).name, among: known) {
          error.details.insert("Did you mean '\(suggestion)'?", at: 0)
        }
        throw error
      }
      given.insert(flag.name)
    }
    words.removeAll(where: ArgumentBinder.looksLikeOption)
    guard words.count == 1, let command = Self(rawValue: words[0]) else {
      let typed = TextLine.clean(words.joined(separator: " "))
      var error = UsageError("unknown \(group) command '\(typed)'", details: [usage])
      if let first = words.first, let suggestion = Suggester.suggestion(for: first, among: allCases.map(\.rawValue)) {
        error.details.insert("Did you mean 'kumiki \(group) \(suggestion)'?", at: 0)
      }
      throw error
    }
    return (command, given)
  }

  /// Parses `arguments`, then prints the help or runs the subcommand with `run`; a bad word is a usage error.
  static func answer(
    _ arguments: [String], standardOutput: any TextStream, standardError: any TextStream,
    run: (Self, Set<String>) async -> CLIExitCode
  ) async -> CLIExitCode {
    do {
      guard let (command, flags) = try parse(arguments) else {
        standardOutput.write(help)
        return .success
      }
      return await run(command, flags)
    } catch {
      standardError.write(error.report)
      return .usage
    }
  }
}
