/// A built-in group of one-word subcommands answered without building the app (`kumiki cache status|clear`,
/// `kumiki fixtures reset`): the words after the group name one case, nothing or `--help` asks for the help.
protocol MaintenanceCommand: RawRepresentable<String>, CaseIterable {
  /// The group's word (`cache`).
  static var group: String { get }
  /// The group's help text.
  static var help: String { get }
}

extension MaintenanceCommand {
  /// The subcommand asked for by `arguments` (after the group's word), `nil` for help.
  static func parse(_ arguments: [String]) throws(UsageError) -> Self? {
    let words = arguments.filter { $0 != "--" }
    if words.isEmpty || words.contains("--help") || words.contains("-h") { return nil }
    guard words.count == 1, let command = Self(rawValue: words[0]) else {
      let given = TextLine.clean(words.joined(separator: " "))
      let usage = "Usage: kumiki \(group) " + allCases.map(\.rawValue).joined(separator: "|")
      throw UsageError("unknown \(group) command '\(given)'", details: [usage])
    }
    return command
  }

  /// Parses `arguments`, then prints the help or runs the subcommand with `run`; a bad word is a usage error.
  static func answer(
    _ arguments: [String], standardOutput: any TextStream, standardError: any TextStream,
    run: (Self) async -> CLIExitCode
  ) async -> CLIExitCode {
    do {
      guard let command = try parse(arguments) else {
        standardOutput.write(help)
        return .success
      }
      return await run(command)
    } catch {
      standardError.write(error.report)
      return .usage
    }
  }
}
