import CLI
import Testing

@Suite struct HelpFormatterTests {
  let help: HelpFormatter

  init() throws {
    let app = try makeTestApp()
    help = HelpFormatter(commands: app.commands, features: app.features)
  }

  @Test func rootHelpLeadsWithExamplesThenUsageCommandsOptionsExitCodesEnvironment() {
    let text = help.text(for: .root)
    #expect(
      text.hasPrefix("EXAMPLES:\n  kumiki counter\n  kumiki counter add 5\n  kumiki catalogue list --category food\n"))
    let order = ["EXAMPLES:", "USAGE: kumiki", "COMMANDS:", "OPTIONS:", "EXIT CODES:", "ENVIRONMENT:"].map {
      text.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    for expected in [
      "  Counter (counter)", "    counter add         Add to the count.", "  Catalogue (catalogue)",
      "    catalogue list      List the items.", "  Built in", "    completion <shell>", "  --api <url>",
      "  --json", "  64", "  KUMIKI_API_URL", "  NO_COLOR",
    ] {
      #expect(text.contains(expected), "missing \(expected)")
    }
  }

  @Test func commandHelpLeadsWithItsExamples() throws {
    let app = try makeTestApp()
    let list = try #require(app.commands.first { $0.words == ["catalogue", "list"] })
    let text = help.text(for: .command(list))
    #expect(
      text.hasPrefix(
        """
        EXAMPLES:
          kumiki catalogue list --category food
          kumiki catalogue list 緑

        OVERVIEW: List the items.

        USAGE: kumiki catalogue list [<keyword>] [--category <food|drink>] [--page <page>]

        ARGUMENTS:
          <keyword>  Only names containing this. (optional)

        OPTIONS:
          --category <category>  Only this category. (one of: food, drink)
          --page <page>          The page.
          -h, --help             Show this help.
        """))
    #expect(text.contains("EXIT CODES:"))
  }

  @Test func commandWithoutExamplesGetsOneFromItsUsage() throws {
    let app = try makeTestApp()
    let reset = try #require(app.commands.first { $0.words == ["counter", "reset"] })
    #expect(help.text(for: .command(reset)).hasPrefix("EXAMPLES:\n  kumiki counter reset\n"))
  }

  @Test func commandHelpListsSubcommandsAndGroupHelpListsTheFeature() throws {
    let app = try makeTestApp()
    let counter = try #require(app.commands.first { $0.words == ["counter"] })
    #expect(help.text(for: .command(counter)).contains("SUBCOMMANDS:\n  counter add    Add to the count."))
    let group = help.text(for: .group("catalogue"))
    #expect(group.hasPrefix("EXAMPLES:\n  kumiki catalogue list --category food\n"))
    #expect(group.contains("USAGE: kumiki catalogue <subcommand> [<arguments>]"))
    #expect(group.contains("  catalogue broken   Always fails."))
  }
}
