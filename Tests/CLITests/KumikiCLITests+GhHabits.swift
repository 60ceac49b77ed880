import CLI
import FeatureAssembly
import FeatureKit
import Foundation
import Synchronization
import Testing

/// Issue 35, item 5: the habits gh users bring (`--json FIELDS`, `--jq`, `--color always`, bare groups, each
/// command's own help, "did you mean" for options, a confirmation before `fixtures reset`), in process.
extension KumikiCLITests {
  final class Resets: Sendable {
    let count = Mutex(0)
    let asked = Mutex<[String]>([])
  }

  /// `kumiki` with every built-in group given, and `confirm` answering for the terminal.
  func kumikiWithGroups(
    _ arguments: [String], resets: Resets = Resets(), confirm: @escaping @Sendable (String) -> Bool? = { _ in nil }
  ) async -> Run {
    let output = CapturedStream()
    let error = CapturedStream()
    let cache = CacheMaintenance(
      status: { _ in
        CacheMaintenance.Report(
          location: "/c", entries: 0, bytes: 0, oldest: nil, newest: nil, maxEntries: 1, maxBytes: 1)
      },
      clear: { _ in ("/c", 0) })
    let status = await KumikiCLI.main(
      arguments: arguments, environment: [:], version: "1.2.3", standardOutput: output, standardError: error,
      cache: cache,
      resetFixtures: { _ in
        resets.count.withLock { $0 += 1 }
        return "/data/kumiki-api.json"
      },
      outbox: OutboxMaintenance(
        list: { _ in [] }, send: { _ in .init(sent: [], refused: [], pending: 0, stopped: nil) },
        discard: { _, _ in nil }, retry: { _, _ in nil }, queued: { (0, 0, nil) }),
      confirm: { question, _ in
        resets.asked.withLock { $0.append(question) }
        return confirm(question)
      }
    ) { _, _ in try makeTestApp() }
    return Run(status: status, output: output.text, error: error.text)
  }

  /// `archive search --json id` searched for "id" and printed no results with exit 0: a word after `--json` that
  /// is a field list selects fields, and a field the output lacks exits 64 listing those it has.
  @Test func jsonFieldsSelectAndAnUnknownFieldListsTheFields() async {
    let unknown = await kumiki(["catalogue", "list", "--json", "id"])
    #expect(unknown.status == 64)
    #expect(unknown.output == "")
    #expect(unknown.error.hasPrefix("kumiki: unknown JSON field 'id' for 'catalogue list'\nAvailable fields:\n"))
    #expect(unknown.error.contains("  items, items.id, items.name, items.price, page\n"))
    let selected = await kumiki(["catalogue", "list", "--category", "food", "--json", "items.name,page"])
    #expect(
      selected
        == Run(status: 0, output: #"{"items":[{"name":"カレーライス"},{"name":"Ramen 🍜"}],"page":1}"# + "\n", error: ""))
    let equals = await kumiki(["--json=count", "counter", "add", "4"])
    #expect(equals.output == #"{"count":4}"# + "\n")
    let whole = await kumiki(["catalogue", "list", "--json"])
    #expect(whole.output.hasPrefix(#"{"items":[{"id":"1","name":"カレーライス","price":850},"#))
    #expect(await kumiki(["counter", "add", "--json", "4"]).output == #"{"count":4}"# + "\n", "a number is no field")
    let builtIn = await kumikiWithGroups(["cache", "clear", "--json", "removed"])
    #expect(builtIn.output == #"{"removed":0}"# + "\n")
    let features = await kumiki(["features", "--json", "bogus"])
    #expect(features.status == 64)
    #expect(features.error.contains("features"))
  }

  @Test func jqFiltersTheJSONAndABadExpressionStopsBeforeTheCommand() async {
    let names = await kumiki(["catalogue", "list", "--jq", ".items[] | select(.price > 500) | .name"])
    #expect(names == Run(status: 0, output: "カレーライス\nRamen 🍜\n", error: ""))
    let count = await kumiki(["--json=items", "catalogue", "list", "--jq", ".items | length"])
    #expect(count.output == "3\n", "--json FIELDS first, then --jq")
    let bad = await kumiki(["counter", "add", "3", "--jq", ".count["])
    #expect(bad.status == 64)
    #expect(bad.output == "")
    #expect(bad.error.hasPrefix("kumiki: --jq: expected an index (an integer) or ']' at character 8\n"))
    let misfit = await kumiki(["catalogue", "list", "--jq", ".items.name"])
    #expect(misfit.status == 64)
    #expect(misfit.error.hasPrefix("kumiki: --jq: cannot index array with \"name\""))
  }

  /// `--color always` (with a space) was read as a command.
  @Test func colorTakesItsValueAfterASpace() async {
    let always = await kumiki(["--color", "always", "catalogue", "list"], environment: ["COLUMNS": "80"])
    #expect(always.status == 0, "\(always.error)")
    #expect(always.output.contains("\u{1B}["))
    let never = await kumiki(["catalogue", "list", "--color", "never"], environment: ["COLUMNS": "80"])
    #expect(never.status == 0)
    #expect(!never.output.contains("\u{1B}["))
    #expect(never.output.contains("カレーライス"), "never was not taken as the keyword")
  }

  /// `kumiki archive` exited 64 while `kumiki cache` printed its help with 0: every bare group prints what its
  /// `--help` prints, with 0 (`outbox` alone is a command: it lists).
  @Test func everyBareGroupPrintsItsHelp() async throws {
    let features = Set(try makeTestApp().commands.filter { $0.words.count > 1 }.map(\.featureKey))
    let bare = features.filter { key in (try? makeTestApp().commands.contains { $0.words == [key] }) == false }
    #expect(bare.contains("catalogue"))
    for group in ["cache", "fixtures"] + bare.sorted() {
      let run = await kumikiWithGroups([group])
      #expect(run.status == 0, "kumiki \(group): \(run.error)")
      #expect(run.output.contains("USAGE: kumiki \(group)"), "kumiki \(group)")
      #expect(run == (await kumikiWithGroups([group, "--help"])), "kumiki \(group) and kumiki \(group) --help")
    }
  }

  /// `features --help`, `completion --help` and `outbox send --help` printed the root's or the group's help.
  @Test func everyBuiltInCommandHasItsOwnHelp() async {
    for (words, usage) in [
      (["features"], "USAGE: kumiki features"), (["completion"], "USAGE: kumiki completion <bash|zsh|fish>"),
      (["man"], "USAGE: kumiki man"), (["outbox", "send"], "USAGE: kumiki outbox send"),
      (["outbox", "list"], "USAGE: kumiki outbox list"), (["outbox", "discard"], "USAGE: kumiki outbox discard <id>"),
      (["outbox", "retry"], "USAGE: kumiki outbox retry <id>"), (["cache", "status"], "USAGE: kumiki cache status"),
      (["cache", "clear"], "USAGE: kumiki cache clear"),
      (["fixtures", "reset"], "USAGE: kumiki fixtures reset [--yes]"),
    ] {
      let help = await kumiki(words + ["--help"])
      #expect(help.status == 0)
      #expect(help.output.contains("\n\n" + usage), "kumiki \(words.joined(separator: " ")) --help: \(help.output)")
      #expect(await kumiki(["help"] + words) == help)
    }
    #expect(await kumiki(["outbox", "discard", "3", "-h"]).output.contains("USAGE: kumiki outbox discard <id>"))
  }

  /// "Did you mean" was offered for commands only.
  @Test func mistypedOptionsGetASuggestion() async {
    let global = await kumiki(["--josn", "counter"])
    #expect(global.status == 64)
    #expect(global.error.contains("Did you mean '--json'?"), "\(global.error)")
    let afterCommand = await kumiki(["counter", "add", "2", "--verbos"])
    #expect(afterCommand.error.contains("Did you mean '--verbose'?"), "\(afterCommand.error)")
    let own = await kumiki(["catalogue", "list", "--categroy", "food"])
    #expect(own.error.contains("Did you mean '--category'?"))
    let builtIn = await kumikiWithGroups(["fixtures", "reset", "--ys"])
    #expect(builtIn.status == 64)
    #expect(builtIn.error.contains("Did you mean '--yes'?"), "\(builtIn.error)")
    let replay = await kumiki(["replay", "session.jsonl", "--untill", "3"])
    #expect(replay.status == 64)
    #expect(replay.error.contains("Did you mean '--until'?"), "\(replay.error)")
    let outbox = await kumikiWithGroups(["outbox", "--jsn"])
    #expect(outbox.status == 64)
    #expect(outbox.error.contains("Did you mean '--json'?"), "\(outbox.error)")
    #expect((await kumikiWithGroups(["outbox", "sedn"])).error.contains("Did you mean 'kumiki outbox send'?"))
    let subcommand = await kumikiWithGroups(["cache", "stauts"])
    #expect(subcommand.error.contains("Did you mean 'kumiki cache status'?"))
  }

  /// `fixtures reset` ran without asking. On a terminal it asks; elsewhere it needs --yes (64 without it).
  @Test func fixturesResetAsksOrNeedsYes() async {
    let resets = Resets()
    let noTerminal = await kumikiWithGroups(["fixtures", "reset"], resets: resets)
    #expect(noTerminal.status == 64)
    #expect(noTerminal.error.hasPrefix("kumiki: fixtures reset: standard input is not a terminal"))
    #expect(noTerminal.error.contains("--yes"))
    let declined = await kumikiWithGroups(["fixtures", "reset"], resets: resets) { _ in false }
    #expect(declined.status == 1)
    #expect(declined.error == "kumiki: fixtures reset: cancelled; nothing was changed\n")
    #expect(resets.count.withLock { $0 } == 0, "nothing was reset")
    let accepted = await kumikiWithGroups(["fixtures", "reset"], resets: resets) { _ in true }
    #expect(accepted.status == 0)
    #expect(resets.asked.withLock { $0 }.last?.contains("writes made to it are lost") == true)
    let yes = await kumikiWithGroups(["fixtures", "reset", "--yes", "--json"], resets: resets) { _ in nil }
    #expect(yes == Run(status: 0, output: #"{"reset":"/data/kumiki-api.json"}"# + "\n", error: ""))
    #expect(resets.asked.withLock { $0 }.count == 3, "--yes does not ask")
    #expect((await kumikiWithGroups(["fixtures", "reset", "-y"], resets: resets)).status == 0)
    #expect(resets.count.withLock { $0 } == 3)
  }

  @Test func manPrintsTheRoffPage() async {
    let page = await kumiki(["man"])
    #expect(page.status == 0)
    #expect(page.output.hasPrefix(#".TH KUMIKI 1 "" "kumiki 1.2.3""#))
    #expect(page.output.contains("\\fBkumiki catalogue list"))
    #expect((await kumiki(["man", "extra"])).status == 64)
  }

  /// ENVIRONMENT listed some of the variables kumiki reads: every variable named where kumiki's code reads its
  /// environment (`environment["…"]`) is in the root help's ENVIRONMENT section.
  @Test func theEnvironmentSectionNamesEveryVariableKumikiReads() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folders = [
      "Apps/kumiki", "Modules/CLI", "Modules/CompositionRoot", "Modules/Persistence", "Modules/QueryCache",
      "Modules/Networking", "Modules/NetworkingCurl", "Modules/FeatureKit",
    ]
    var read = Set<String>()
    // `environment["NAME"]`, and the names kept in constants (`"KUMIKI_DB"`).
    let pattern = try NSRegularExpression(pattern: #"environment\["([A-Z][A-Z0-9_]*)"\]|"(KUMIKI_[A-Z0-9_]+)""#)
    for folder in folders {
      let url = root.appendingPathComponent(folder)
      guard let files = FileManager.default.enumerator(atPath: url.path) else { continue }
      for case let file as String in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
          let range = match.range(at: 1).location == NSNotFound ? match.range(at: 2) : match.range(at: 1)
          read.insert((text as NSString).substring(with: range))
        }
      }
    }
    #expect(
      read.isSuperset(of: ["KUMIKI_API_URL", "KUMIKI_CACHE", "KUMIKI_TIMEOUT", "KUMIKI_PAGER", "XDG_DATA_HOME"]),
      "\(read)")
    let listed = Set(HelpFormatter.environmentVariables.map(\.0))
    #expect(read.subtracting(listed).isEmpty, "read but not in ENVIRONMENT: \(read.subtracting(listed).sorted())")
  }
}

extension KumikiCLITests {
  /// A word after `--json` that continues the command's words is a subcommand, not a field list: `kumiki
  /// catalogue --json list` lists (as before), while `catalogue list --json items` selects.
  @Test func aWordAfterJSONThatContinuesTheCommandIsItsWord() async {
    let run = await kumiki(["catalogue", "--json", "list", "--category", "drink"])
    #expect(
      run == Run(status: 0, output: #"{"items":[{"id":"3","name":"緑茶","price":200}],"page":1}"# + "\n", error: ""))
    let selected = await kumiki(["catalogue", "list", "--json", "page"])
    #expect(selected.output == #"{"page":1}"# + "\n")
  }
}
