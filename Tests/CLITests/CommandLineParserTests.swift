import CLI
import FeatureKit
import Testing

/// The command name and input of a `.run` invocation.
func ran(_ invocation: Invocation) -> (name: String, input: CommandInput)? {
  guard case .run(let command, let input) = invocation else { return nil }
  return (command.words.joined(separator: " "), input)
}

@Suite struct CommandLineParserTests {
  let parser: CommandLineParser

  init() throws {
    parser = CommandLineParser(app: try makeTestApp())
  }

  @Test func longestCommandWinsAndTheRestAreArguments() throws {
    let add = try #require(ran(try parser.parse(["counter", "add", "5"])))
    #expect(add.name == "counter add")
    #expect(add.input == CommandInput(values: ["amount": "5"]))
    let show = try #require(ran(try parser.parse(["counter"])))
    #expect(show.name == "counter")
    #expect(show.input == CommandInput())
  }

  @Test func optionsInBothFormsFlagsAndDoubleDash() throws {
    let spaced = try #require(ran(try parser.parse(["catalogue", "list", "--category", "drink", "--page", "2"])))
    #expect(spaced.input == CommandInput(values: ["category": "drink", "page": "2"]))
    let joined = try #require(ran(try parser.parse(["catalogue", "list", "--category=drink", "カレー"])))
    #expect(joined.input == CommandInput(values: ["category": "drink", "keyword": "カレー"]))
    let dashed = try #require(ran(try parser.parse(["catalogue", "list", "--", "--category"])))
    #expect(dashed.input == CommandInput(values: ["keyword": "--category"]))
    let flag = try #require(ran(try parser.parse(["counter", "add", "--quiet", "-3"])))
    #expect(flag.input == CommandInput(values: ["amount": "-3"], flags: ["quiet"]))
  }

  @Test func builtins() throws {
    guard case .features = try parser.parse(["features"]) else { Issue.record("features"); return }
    guard case .version = try parser.parse(["--version"]) else { Issue.record("version"); return }
    guard case .completion(.zsh) = try parser.parse(["completion", "zsh"]) else { Issue.record("zsh"); return }
    guard case .help(.root) = try parser.parse([]) else { Issue.record("no arguments"); return }
    guard case .help(.root) = try parser.parse(["--help"]) else { Issue.record("--help"); return }
    #expect(throws: UsageError.self) { try parser.parse(["completion", "powershell"]) }
    #expect(throws: UsageError.self) { try parser.parse(["completion"]) }
    #expect(throws: UsageError.self) { try parser.parse(["features", "extra"]) }
    #expect(throws: UsageError.self) { try parser.parse(["--version", "extra"]) }
  }

  @Test func helpAnywhereNamesTheCommandBeforeIt() throws {
    guard case .help(.command(let add)) = try parser.parse(["counter", "add", "-h"]) else {
      Issue.record("counter add -h")
      return
    }
    #expect(add.words == ["counter", "add"])
    guard case .help(.command(let list)) = try parser.parse(["help", "catalogue", "list"]) else {
      Issue.record("help catalogue list")
      return
    }
    #expect(list.words == ["catalogue", "list"])
    guard case .help(.group("catalogue")) = try parser.parse(["catalogue", "--help"]) else {
      Issue.record("catalogue --help")
      return
    }
    #expect(throws: UsageError.self) { try parser.parse(["help", "nope"]) }
  }

  @Test func unknownCommandSuggestsTheClosestAndListsCommands() {
    #expect {
      try parser.parse(["catalog", "list"])
    } throws: { error in
      let error = error as! UsageError
      return error.message == "unknown command 'catalog'"
        && error.details.first == "Did you mean 'kumiki catalogue list'?"
        && error.details.contains { $0.hasPrefix("  counter add") }
        && error.details.contains { $0.hasPrefix("  features") }
    }
    #expect {
      try parser.parse(["catalogue", "lsit"])
    } throws: { error in
      let error = error as! UsageError
      return error.message == "unknown command 'catalogue lsit'"
        && error.details.first == "Did you mean 'kumiki catalogue list'?"
        && !error.details.contains { $0.hasPrefix("  counter") }
    }
    #expect {
      try parser.parse(["counter", "sub", "1"])
    } throws: { error in
      (error as! UsageError).message == "unknown command 'counter sub'"
    }
  }

  /// Issue 35: `kumiki archive` exited 64 while `kumiki cache` printed its help. A bare group prints its help, as
  /// gh's do; with anything after it, it is still an unknown command.
  @Test func aBareFeatureKeyThatIsNoCommandAsksForItsHelp() throws {
    guard case .help(.group("catalogue")) = try parser.parse(["catalogue"]) else {
      Issue.record("expected the group's help")
      return
    }
    #expect {
      try parser.parse(["catalogue", "--bogus"])
    } throws: { error in
      let error = error as! UsageError
      return error.message == "missing subcommand for 'catalogue'"
        && error.details.contains("  catalogue slow     List slowly.")
    }
  }

  @Test func unknownLeadingOptionIsAUsageError() {
    #expect(throws: UsageError.self) { try parser.parse(["--colour"]) }
    #expect(throws: UsageError.self) { try parser.parse(["--", "counter"]) }
  }

  @Test func anAppWithoutCommandsStillParsesBuiltins() throws {
    let empty = CommandLineParser(commands: [], features: [])
    guard case .features = try empty.parse(["features"]) else { Issue.record("features"); return }
    #expect(throws: UsageError.self) { try empty.parse(["home"]) }
  }
}
