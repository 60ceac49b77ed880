import CLI
import FeatureAssembly
import FeatureKit
import Foundation
import Synchronization
import Testing

@Suite struct KumikiCLITests {
  @Test func runsAFeatureCommandWithGlobalsAnywhere() async {
    let run = await kumiki(["counter", "add", "--json", "4"])
    #expect(run.status == 0)
    #expect(run.output == #"{"count":4}"# + "\n")
    #expect(run.error == "")
  }

  @Test func textOutputWithTheAsyncEffect() async {
    let run = await kumiki(["catalogue", "list", "--category=food"], environment: ["COLUMNS": "80"])
    #expect(run.status == 0)
    #expect(
      run.output == "ID  Name          Price\n--  ------------  -----\n 1  カレーライス    850\n 2  Ramen 🍜       1200\n")
  }

  /// Issue 26: piped output was cut to 80 columns. Into a pipe without COLUMNS a table is tab-separated, whole.
  @Test func pipedTablesAreTabSeparatedAndWhole() async {
    let run = await kumiki(["catalogue", "list", "--category=food"])
    #expect(run.output == "ID\tName\tPrice\n1\tカレーライス\t850\n2\tRamen 🍜\t1200\n")
    let features = await kumiki(["features"])
    #expect(features.output.contains("\tcatalogue list, catalogue slow, catalogue broken, catalogue hostile\n"))
    #expect(!features.output.contains("..."))
  }

  @Test func colorAlwaysStylesPipedOutputAndNeverDoesNot() async {
    let always = await kumiki(["catalogue", "list", "--color=always"], environment: ["COLUMNS": "80"])
    #expect(always.output.contains("\u{1B}["))
    let never = await kumiki(["catalogue", "list", "--color=never"], environment: ["COLUMNS": "80", "TERM": "xterm"])
    #expect(!never.output.contains("\u{1B}["))
    #expect(await kumiki(["catalogue", "list", "--color=maybe"]).status == 64)
  }

  @Test func exitCodes() async {
    #expect(await kumiki(["counter"]).status == 0)
    #expect(await kumiki(["catalogue", "broken"]).status == 1)
    #expect(await kumiki(["catalog"]).status == 64)
    #expect(await kumiki(["counter", "add"]).status == 64)
    #expect(await kumiki(["counter", "add", "x"]).status == 64)
    #expect(await kumiki(["catalogue", "list", "--category", "toys"]).status == 64)
    #expect(await kumiki(["--db"]).status == 64)
  }

  @Test func unknownCommandReportIsOnStandardError() async {
    let run = await kumiki(["countr"])
    #expect(run.output == "")
    #expect(run.error.hasPrefix("kumiki: unknown command 'countr'\nDid you mean 'kumiki counter'?\n\nCommands:\n"))
    #expect(run.error.contains("  catalogue list"))
  }

  @Test func failureInJSONModeIsOneLineOnStandardError() async {
    let run = await kumiki(["--json", "catalogue", "broken"])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(run.error == "kumiki: cannot connect to http://127.0.0.1:9 connection refused\n")
  }

  /// Issue 34: `kumiki help outbox`, `help cache` and `help fixtures` were unknown commands (64). Every group, the
  /// built-in ones (`KumikiCLI.groups`) and each feature's (from the app's commands), has its help both ways, alike.
  @Test func everyGroupHasItsHelpBothWays() async throws {
    let features = try makeTestApp().commands.map(\.featureKey)
    #expect(KumikiCLI.groups.contains("outbox") && KumikiCLI.groups.contains("cache"))
    for group in KumikiCLI.groups + Set(features).sorted() {
      let help = await kumiki(["help", group])
      #expect(help.status == 0, "kumiki help \(group): \(help.error)")
      #expect(help.error == "")
      #expect(help.output.contains("USAGE: kumiki \(group)"), "kumiki help \(group): \(help.output)")
      #expect(await kumiki([group, "--help"]) == help, "kumiki \(group) --help")
      #expect(await kumiki(["--json", group, "-h"]) == help, "kumiki --json \(group) -h")
    }
  }

  /// Issue 34: bidirectional controls in data passed raw to the terminal. Text (and tables) show them inert;
  /// JSON keeps the data, the controls written as escapes.
  @Test func bidiControlsInDataAreInertInTextAndEscapedInJSON() async throws {
    let text = await kumiki(["catalogue", "hostile"], environment: ["COLUMNS": "80"])
    #expect(text.status == 0)
    #expect(text.output.contains("\u{FFFD}exe.txt\u{FFFD}\n"), "\(text.output)")
    let json = await kumiki(["--json", "catalogue", "hostile"])
    #expect(json.output == #"{"wipe":"\u001b[2J","name":"\u202eexe.txt\u2066\u200f"}"# + "\n")
    let bidi: Set<UInt32> = [
      0x61C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
    for output in [text.output, json.output] {
      #expect(!output.unicodeScalars.contains { bidi.contains($0.value) })
    }
    let parsed = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: String]
    #expect(parsed?["name"] == "\u{202E}exe.txt\u{2066}\u{200F}")
  }

  @Test func helpAndVersion() async {
    let help = await kumiki(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix(HelpFormatter.summary + "\n\nUSAGE: kumiki "))
    let commandHelp = await kumiki(["counter", "add", "--help"])
    #expect(commandHelp.output.contains("USAGE: kumiki counter add <amount> [--quiet]"))
    #expect(await kumiki([]).output == help.output)
    #expect(await kumiki(["--version"]) == Run(status: 0, output: "kumiki 1.2.3\n", error: ""))
    #expect(await kumiki(["--version", "--json"]).output == #"{"version":"1.2.3"}"# + "\n")
  }

  @Test func versionDoesNotBuildTheApp() async {
    let run = await kumiki(["--version"]) { throw RegistryError.duplicateKey("x") }
    #expect(run.status == 0)
  }

  @Test func featuresAsTextAndJSON() async {
    let json = await kumiki(["features", "--json"])
    #expect(
      json.output
        == #"{"features":[{"key":"counter","title":"Counter","screen":true,"commands":["counter","counter add","#
        + #""counter reset"]},{"key":"catalogue","title":"Catalogue","screen":false,"commands":["catalogue list","#
        + #""catalogue slow","catalogue broken","catalogue hostile"]}]}"# + "\n")
    let text = await kumiki(["features"], environment: ["COLUMNS": "200"])
    let commands = "catalogue list, catalogue slow, catalogue broken, catalogue hostile"
    #expect(
      text.output.split(separator: "\n").map(String.init) == [
        "KEY        TITLE      SCREEN  COMMANDS",
        "---------  ---------  ------  " + String(repeating: "-", count: commands.count),
        "counter    Counter    yes     counter, counter add, counter reset",
        "catalogue  Catalogue  no      " + commands,
      ])
  }

  @Test func completionScriptOnStandardOutput() async {
    let run = await kumiki(["completion", "fish"])
    #expect(run.status == 0)
    #expect(run.output.contains("complete -c kumiki"))
  }

  @Test func makeAppErrorsAreOneLineWithTheRightStatus() async {
    struct Unreachable: Error, CustomStringConvertible {
      var description: String { "cannot open database\n/tmp/x.db: \u{1B}[31mlocked" }
    }
    let failed = await kumiki(["counter"]) { throw Unreachable() }
    #expect(failed == Run(status: 1, output: "", error: "kumiki: cannot open database /tmp/x.db: ^[[31mlocked\n"))
    let unknown = await kumiki(["--features", "nope", "counter"]) {
      throw RegistryError.unknownFeature("nope", available: ["counter"])
    }
    #expect(unknown == Run(status: 64, output: "", error: "kumiki: unknown feature 'nope'; available: counter\n"))
  }

  @Test func optionsAndPurposeReachMakeApp() async throws {
    let seen = Recorder()
    let status = await KumikiCLI.main(
      arguments: ["--api", "http://127.0.0.1:3000", "counter", "--features", "counter", "--help"],
      environment: ["KUMIKI_DB": "/tmp/k.db"], version: "0", standardOutput: CapturedStream(),
      standardError: CapturedStream()
    ) { options, purpose in
      seen.record(options, purpose)
      return try makeTestApp()
    }
    #expect(status == 0)
    let (options, purpose) = try #require(seen.value)
    #expect(options.api?.absoluteString == "http://127.0.0.1:3000")
    #expect(options.db == "/tmp/k.db")
    #expect(options.features == ["counter"])
    #expect(purpose == .introspection)
    _ = await KumikiCLI.main(
      arguments: ["counter"], environment: [:], version: "0", standardOutput: CapturedStream(),
      standardError: CapturedStream()
    ) { options, purpose in
      seen.record(options, purpose)
      return try makeTestApp()
    }
    #expect(seen.value?.1 == .execution)
  }
}

/// Remembers the last options and purpose `makeApp` was called with.
final class Recorder: Sendable {
  private let storage = Mutex<(CLIOptions, AppPurpose)?>(nil)
  func record(_ options: CLIOptions, _ purpose: AppPurpose) { storage.withLock { $0 = (options, purpose) } }
  var value: (CLIOptions, AppPurpose)? { storage.withLock { $0 } }
}
