import FeatureKit

extension AppCommand {
  /// `archive search` — the words after `kumiki`.
  var name: String { words.joined(separator: " ") }

  /// The usage line: `kumiki archive search [<keyword>] [--category <food|drink>] [--page <page>]`. Required
  /// positionals are `<name>`, optional ones `[<name>]`; options show their choices when they have any.
  var usage: String {
    (["kumiki"] + words + arguments.map(\.usageToken)).joined(separator: " ")
  }
}

extension CommandArgument {
  /// How the argument appears in a usage line.
  var usageToken: String {
    switch kind {
    case .positional(let optional): optional ? "[<\(name)>]" : "<\(name)>"
    case .option(let choices): "[--\(name) <\(choices.isEmpty ? name : choices.joined(separator: "|"))>]"
    case .flag: "[--\(name)]"
    }
  }

  /// How the argument is named in help and errors: `<keyword>`, `--page <page>`, `--all`.
  var label: String {
    switch kind {
    case .positional: "<\(name)>"
    case .option: "--\(name) <\(name)>"
    case .flag: "--\(name)"
    }
  }

  var isPositional: Bool {
    if case .positional = kind { return true }
    return false
  }
}
