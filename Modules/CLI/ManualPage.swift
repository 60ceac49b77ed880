import FeatureAssembly
import FeatureKit
import Terminal

/// `kumiki man`: the manual page of `kumiki` in roff (`man(7)` macros, section 1), generated from the same command
/// list and tables as the help (``HelpFormatter``): NAME, SYNOPSIS, DESCRIPTION, COMMANDS (each feature's, with
/// their arguments, options and examples, then the built-ins), OPTIONS, EXIT STATUS, ENVIRONMENT, EXAMPLES and
/// SEE ALSO.
///
/// Text from the registry is data, never markup: it is made inert (`TextSanitizer`), every backslash is written
/// `\e`, every `-` `\-`, every character outside ASCII `\[uXXXX]`, and a line that would start with `.` or `'` (a
/// request) starts with `\&`, so a description cannot add a macro, a font change or an escape to the page.
struct ManualPage: Sendable {
  let commands: [AppCommand]
  let features: [MountedFeature]
  let version: String

  /// The page, newline-terminated.
  var text: String {
    let help = HelpFormatter(commands: commands, features: features)
    var lines = [
      ".TH KUMIKI 1 \"\" \(Self.quoted("kumiki " + version)) \"User Commands\"",
      ".SH NAME",
      "kumiki \\- the app's features on the command line, as text for people or JSON for scripts",
      ".SH SYNOPSIS",
      ".B kumiki",
      "[\\fIoptions\\fR] \\fIcommand\\fR [\\fIarguments\\fR]",
      ".SH DESCRIPTION",
      Self.escaped(HelpFormatter.summary),
      "Each feature mounted in the app gives its commands; global options work before or after them.",
      ".SH COMMANDS",
    ]
    for key in HelpFormatter.orderedKeys(commands) {
      lines += [".SS " + Self.quoted(help.title(of: key))]
      for command in commands where command.featureKey == key { lines += self.command(command) }
    }
    lines += [".SS \"Built in\""]
    for (name, text) in HelpFormatter.builtinRows { lines += Self.item("kumiki " + name, text) }
    lines += [".SH OPTIONS"] + Self.items(LaunchArguments.helpRows + HelpFormatter.globalOptions)
    lines += [".SH \"EXIT STATUS\""] + Self.items(HelpFormatter.allExitCodes)
    lines += [".SH ENVIRONMENT"] + Self.items(HelpFormatter.environmentVariables)
    lines += [".SH EXAMPLES"]
    for example in commands.compactMap({ $0.examples.first }).prefix(HelpFormatter.rootExampleLimit) {
      lines += Self.example("kumiki " + example)
    }
    lines += Self.example("kumiki features --json --jq '.features[].key'")
    lines += [".SH \"SEE ALSO\"", "\\fBkumiki help\\fR \\fIcommand\\fR, \\fBkumiki\\-tui\\fR(1)"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One command: its usage in bold, its abstract, then its arguments, options and examples indented.
  func command(_ command: AppCommand) -> [String] {
    var lines = [".TP", "\\fB" + Self.escaped(command.usage) + "\\fR", Self.escaped(command.abstract)]
    let arguments = command.arguments.map { ($0.label, HelpFormatter.help(for: $0)) }
    if !arguments.isEmpty {
      lines += [".RS"] + Self.items(arguments) + [".RE"]
    }
    for example in command.examples { lines += [".br", "Example: \\fB" + Self.escaped("kumiki " + example) + "\\fR"] }
    return lines
  }

  /// Rows of a help table (`("", …)` continues the row before) as tagged paragraphs.
  static func items(_ rows: [(String, String)]) -> [String] {
    var lines: [String] = []
    for (name, text) in rows {
      if name.isEmpty, !lines.isEmpty {
        lines.append(escaped(text))
      } else {
        lines += item(name, text)
      }
    }
    return lines
  }

  static func item(_ name: String, _ text: String) -> [String] {
    [".TP", "\\fB" + escaped(name) + "\\fR", escaped(text)]
  }

  static func example(_ line: String) -> [String] {
    [".PP", ".nf", escaped(line), ".fi"]
  }

  /// `text` as one line of roff text: inert, escapes and hyphens written as such, no request at its start.
  static func escaped(_ text: String) -> String {
    var line = ""
    for character in TextSanitizer.inert(text.split(whereSeparator: \.isNewline).joined(separator: " ")) {
      switch character {
      case "\\": line += "\\e"
      case "-": line += "\\-"
      case _ where !character.isASCII:
        // Outside ASCII as groff's Unicode escapes (`\[u30AB]`), so the page reads without a preprocessor.
        for scalar in character.unicodeScalars {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          line += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }
      default: line.append(character)
      }
    }
    if line.hasPrefix(".") || line.hasPrefix("'") { line = "\\&" + line }
    return line
  }

  /// A macro argument in double quotes (a quote inside is written `\(dq`).
  static func quoted(_ text: String) -> String {
    "\"" + escaped(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
  }
}
