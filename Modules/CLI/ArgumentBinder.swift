import FeatureKit

/// Binds the arguments after a command's words to its ``FeatureKit/CommandArgument``s.
///
/// `--name value` and `--name=value` set options (the last one given wins), `--name` sets flags, other tokens fill
/// the positionals in order, and `--` makes everything after it positional. A token that is only `-` or looks
/// like a negative number is a positional value. Option choices are checked here.
enum ArgumentBinder {
  /// The parsed input, or a ``UsageError`` naming the problem with the command's usage line.
  static func bind(_ tokens: [String], to command: AppCommand) throws(UsageError) -> CommandInput {
    var input = CommandInput()
    var positionals = command.arguments.filter(\.isPositional)[...]
    var index = 0
    var optionsEnded = false
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      if !optionsEnded && token == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded && Self.looksLikeOption(token) {
        let (name, inlineValue) = CLIOptions.split(token)
        let bare = String(name.drop(while: { $0 == "-" }))
        guard name.hasPrefix("--"),
          let argument = command.arguments.first(where: { $0.name == bare && !$0.isPositional })
        else {
          throw Self.unknownOption(name, in: command)
        }
        switch argument.kind {
        case .flag:
          if inlineValue != nil { throw Self.error("--\(bare) takes no value", command) }
          input.flags.insert(bare)
        case .option(let choices):
          let value: String
          if let inlineValue {
            value = inlineValue
          } else if index < tokens.count, !Self.looksLikeOption(tokens[index]), tokens[index] != "--" {
            value = tokens[index]
            index += 1
          } else {
            throw Self.error("missing value for --\(bare)", command)
          }
          if !choices.isEmpty && !choices.contains(value) {
            throw Self.error(
              "invalid value '\(TextLine.clean(value))' for --\(bare); expected one of: "
                + choices.joined(separator: ", "), command)
          }
          input.values[bare] = value
        case .positional:
          break
        }
        continue
      }
      guard let argument = positionals.popFirst() else {
        throw Self.error("unexpected argument '\(TextLine.clean(token))'", command)
      }
      input.values[argument.name] = token
    }
    if let missing = positionals.first(where: { if case .positional(false) = $0.kind { true } else { false } }) {
      throw Self.error("missing argument \(missing.label)", command)
    }
    return input
  }

  /// `-x`, `--x`, `--x=y`; not `-`, `--` or negative numbers (`-3`, `-0.5`).
  static func looksLikeOption(_ token: String) -> Bool {
    guard token.hasPrefix("-"), token != "-", token != "--" else { return false }
    return Double(token) == nil
  }

  static func error(_ message: String, _ command: AppCommand) -> UsageError {
    UsageError(message, details: ["Usage: \(command.usage)", "See 'kumiki \(command.name) --help'."])
  }

  static func unknownOption(_ name: String, in command: AppCommand) -> UsageError {
    // The command's options first, then the global ones (a typo of --json after a command is caught here).
    let known = command.arguments.filter { !$0.isPositional }.map { "--\($0.name)" } + CLIOptions.names
    var error = Self.error("unknown option '\(TextLine.clean(name))' for '\(command.name)'", command)
    if let suggestion = Suggester.suggestion(for: name, among: known) {
      error.details.insert("Did you mean '\(suggestion)'?", at: 0)
    }
    return error
  }
}
