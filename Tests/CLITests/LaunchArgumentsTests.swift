import CLI
import Foundation
import Testing

/// The launch options both apps take (`kumiki` among its commands, `kumiki-tui` alone) mean the same to either.
@Suite struct LaunchArgumentsTests {
  /// Every command line and environment below, parsed as `kumiki` parses it (among a command's words) and as
  /// `kumiki-tui` does (alone), gives the same launch options: one parser, one meaning.
  @Test func bothAppsReadTheSameOptionsAndEnvironmentAlike() throws {
    let cases: [([String], [String: String])] = [
      ([], [:]),
      (["--api", "http://localhost:3000", "--db=/tmp/k.sqlite"], [:]),
      (["--features", " home, archive,,", "--fresh"], [:]),
      ([], ["KUMIKI_API_URL": "https://api.example.com/v1", "KUMIKI_DB": "/data/k.db"]),
      (["--api=http://127.0.0.1:9", "--db", "x.db"], ["KUMIKI_API_URL": "https://api.example.com", "KUMIKI_DB": "y"]),
      ([], ["KUMIKI_API_URL": "", "KUMIKI_DB": ""]),
    ]
    for (arguments, environment) in cases {
      let cli = try CLIOptions.parse(["home"] + arguments + ["--json"], environment: environment)
      let tui = try LaunchArguments.parse(
        arguments + ["--no-color"], environment: environment, program: "kumiki-tui", own: ["--no-color": false])
      let shared = LaunchArguments(
        api: cli.options.api, db: cli.options.db, features: cli.options.features, fresh: cli.options.fresh)
      #expect(tui.arguments == shared, "\(arguments) \(environment)")
      #expect(cli.remaining == ["home"])
      #expect(tui.own == ["--no-color": ""])
    }
  }

  /// kumiki-tui read an empty KUMIKI_API_URL as an API URL ('' is not one: exit 64) and kept the empty items of
  /// `--features a,,b` (an unknown feature ''), where kumiki took them as unset and dropped: now both do as kumiki.
  @Test func anEmptyVariableIsUnsetAndAListDropsEmptyItems() throws {
    let parsed = try LaunchArguments.parse(
      ["--features", "a,,b, "], environment: ["KUMIKI_API_URL": "", "KUMIKI_DB": ""], program: "kumiki-tui", own: [:])
    #expect(parsed.arguments == LaunchArguments(features: ["a", "b"]))
  }

  @Test func anOptionWinsOverItsVariable() throws {
    let environment = ["KUMIKI_API_URL": "https://api.example.com", "KUMIKI_DB": "/data/k.db"]
    let fromEnvironment = try LaunchArguments.parse([], environment: environment).arguments
    #expect(fromEnvironment == LaunchArguments(api: URL(string: "https://api.example.com"), db: "/data/k.db"))
    let given = try LaunchArguments.parse(["--db", "x.db", "--api", "http://h:1"], environment: environment).arguments
    #expect(given == LaunchArguments(api: URL(string: "http://h:1"), db: "x.db"))
  }

  /// `--api` is checked once, here, whether it comes from the option or the variable, for either app.
  @Test func aBadAPIURLIsAUsageErrorFromTheOptionOrTheVariable() {
    for bad in ["localhost:3000", "ftp://example.com", "not a url", "http://"] {
      #expect(throws: UsageError.self) { try LaunchArguments.parse(["--api", bad], environment: [:]) }
      #expect(throws: UsageError.self) {
        try LaunchArguments.parse([], environment: ["KUMIKI_API_URL": bad], program: "kumiki-tui", own: [:])
      }
    }
  }

  @Test func theOthersAreLeftInOrderAndNothingAfterADoubleDashIsTaken() throws {
    let (launch, rest) = try LaunchArguments.parse(
      ["archive", "--fresh", "search", "--keyword", "x", "--", "--db", "y"], environment: [:])
    #expect(launch == LaunchArguments(fresh: true))
    #expect(rest == ["archive", "search", "--keyword", "x", "--", "--db", "y"])
  }

  @Test func badOptionsAreUsageErrorsNamingTheProgram() throws {
    #expect(throws: UsageError.self) { try LaunchArguments.parse(["--fresh=yes"], environment: [:]) }
    #expect(throws: UsageError.self) { try LaunchArguments.parse(["--db", "--fresh"], environment: [:]) }
    do {
      _ = try LaunchArguments.parse(["--features"], environment: [:], program: "kumiki-tui")
      Issue.record("expected a usage error")
    } catch {
      #expect(error.details == ["Usage: kumiki-tui --features <list> …"])
    }
  }

  /// A program without commands refuses whatever is neither a launch option nor one of its own, inert in the
  /// message; its own take values as declared, the last one given kept.
  @Test func ownOptionsAreTakenAndAnythingElseRefused() throws {
    let own = ["--record": true, "--no-color": false]
    let parsed = try LaunchArguments.parse(
      ["--record", "a.jsonl", "--fresh", "--record=b.jsonl", "--no-color"], environment: [:], program: "kumiki-tui",
      own: own)
    #expect(parsed.arguments == LaunchArguments(fresh: true))
    #expect(parsed.own == ["--record": "b.jsonl", "--no-color": ""])
    for bad in [["--recrod", "x"], ["home"], ["--no-color=yes"], ["--record"], ["--record", "--fresh"]] {
      #expect(throws: UsageError.self, "\(bad)") {
        try LaunchArguments.parse(bad, environment: [:], program: "kumiki-tui", own: own)
      }
    }
    do {
      _ = try LaunchArguments.parse(["--\u{1B}[2J"], environment: [:], program: "kumiki-tui", own: own)
      Issue.record("expected a usage error")
    } catch {
      #expect(!error.report.contains("\u{1B}"))
      #expect(error.details == ["See 'kumiki-tui --help'."])
    }
  }

  /// Help lists each launch option once, with the variable it falls back on.
  @Test func helpRowsNameEachOptionAndItsVariable() {
    let rows = LaunchArguments.helpRows
    #expect(rows.map(\.0) == ["--api <url>", "--db <path>", "--features <list>", "--fresh"])
    #expect(rows[0].1.hasSuffix("Env: KUMIKI_API_URL."))
    #expect(rows[1].1.hasSuffix("Env: KUMIKI_DB."))
  }

  /// Both apps read the environment from `environ`, as Foundation's `ProcessInfo` gives it.
  @Test func theProcessEnvironmentIsWhatFoundationReads() {
    let read = ProcessEnvironment.read()
    let foundation = ProcessInfo.processInfo.environment
    #expect(read["PATH"] == foundation["PATH"])
    #expect(read.count == foundation.count)
  }
}
