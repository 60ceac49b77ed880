import CLI
import Testing

@Suite struct HelpFormatterTests {
  let help: HelpFormatter

  init() throws {
    let app = try makeTestApp()
    help = HelpFormatter(commands: app.commands, features: app.features)
  }

  @Test func rootHelpOpensWithADescriptionThenUsageCommandsOptionsExitCodesEnvironmentAndFewExamples() {
    let text = help.text(for: .root)
    #expect(
      text.hasPrefix(HelpFormatter.summary + "\n\nUSAGE: kumiki [<options>] <command> [<arguments>]\n\nCOMMANDS:\n"))
    // One example per feature (its first command's first), then the built-ins': short, and never one twice.
    #expect(
      text.hasSuffix(
        """
        EXAMPLES:
          kumiki counter
          kumiki catalogue list --category food
          kumiki help counter
          kumiki features
          source <(kumiki completion bash)

        """))
    let order = ["USAGE: kumiki", "COMMANDS:", "OPTIONS:", "EXIT CODES:", "ENVIRONMENT:", "EXAMPLES:"].map {
      text.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    for expected in [
      "  Counter (counter)", "    counter add         Add to the count.", "  Catalogue (catalogue)",
      "    catalogue list      List the items.", "  Built in", "    completion <shell>", "  --api <url>",
      "  --json", "  64", "  65", "  KUMIKI_API_URL", "  NO_COLOR", "  --color [<when>]",
    ] {
      #expect(text.contains(expected), "missing \(expected)")
    }
  }

  @Test func commandHelpOpensWithItsAbstractAndEndsWithItsExamples() throws {
    let app = try makeTestApp()
    let list = try #require(app.commands.first { $0.words == ["catalogue", "list"] })
    let text = help.text(for: .command(list))
    #expect(
      text.hasPrefix(
        """
        List the items.

        USAGE: kumiki catalogue list [<keyword>] [--category <food|drink>] [--page <page>]

        ARGUMENTS:
          <keyword>  Only names containing this. (optional)

        OPTIONS:
          --category <category>  Only this category. (one of: food, drink)
          --page <page>          The page.
          -h, --help             Show this help.
        """))
    #expect(
      text.hasSuffix(
        """
        EXIT CODES:
          0   Success.
          1   Failure, with a one-line reason on standard error (cannot connect, HTTP status, timeout, bad data,
              database problem).
          3   Conflict: a write met a newer change on the server (412); nothing was written.
          64  Usage error: unknown command, unknown option, missing or invalid argument.

        EXAMPLES:
          kumiki catalogue list --category food
          kumiki catalogue list 緑

        """))
    #expect(!text.contains("replay"), "a feature command's help lists only the exit codes that apply to it")
  }

  @Test func commandWithoutExamplesGetsOneFromItsUsage() throws {
    let app = try makeTestApp()
    let reset = try #require(app.commands.first { $0.words == ["counter", "reset"] })
    #expect(help.text(for: .command(reset)).hasSuffix("EXAMPLES:\n  kumiki counter reset\n"))
  }

  @Test func commandHelpListsSubcommandsAndGroupHelpListsTheFeature() throws {
    let app = try makeTestApp()
    let counter = try #require(app.commands.first { $0.words == ["counter"] })
    #expect(help.text(for: .command(counter)).contains("SUBCOMMANDS:\n  counter add    Add to the count."))
    let group = help.text(for: .group("catalogue"))
    #expect(group.hasPrefix("The commands of Catalogue (catalogue).\n\nUSAGE: kumiki catalogue <subcommand>"))
    #expect(group.hasSuffix("EXAMPLES:\n  kumiki catalogue list --category food\n  kumiki catalogue list 緑\n"))
    #expect(group.contains("USAGE: kumiki catalogue <subcommand> [<arguments>]"))
    #expect(group.contains("  catalogue broken   Always fails."))
  }

  /// A feature command's help and a group's list every command's exit statuses as the root help does — 3 (a write
  /// met a conflict) included —, the root adding only replay's after them.
  @Test func everyHelpListsTheExitStatusesOfTheRootHelp() throws {
    let app = try makeTestApp()
    let list = try #require(app.commands.first { $0.words == ["catalogue", "list"] })
    let root = Self.exitCodes(in: help.text(for: .root))
    let replay = ["65", "66", "73"]
    #expect(root.contains { $0.hasPrefix("  3   Conflict: a write met a newer change on the server (412)") })
    for text in [help.text(for: .command(list)), help.text(for: .group("catalogue"))] {
      let codes = Self.exitCodes(in: text)
      #expect(codes == root.filter { line in !replay.contains { line.hasPrefix("  \($0)") } }, "\(codes)")
      #expect(!codes.isEmpty)
    }
  }

  /// The lines of `text`'s EXIT CODES section (every status has two digits at most: one column width throughout).
  static func exitCodes(in text: String) -> [String] {
    let sections = text.components(separatedBy: "\n\n")
    guard let section = sections.first(where: { $0.hasPrefix("EXIT CODES:") }) else { return [] }
    return section.split(separator: "\n").dropFirst().map(String.init)
  }
}
