import CLI
import Foundation
import Testing

@Suite struct CLIOptionsTests {
  @Test func globalsAreTakenFromBeforeAndAfterTheCommand() throws {
    let (options, rest) = try CLIOptions.parse(
      ["--json", "catalogue", "list", "--api", "http://localhost:3000", "--category=food", "--verbose", "--no-color"])
    #expect(options == CLIOptions(api: URL(string: "http://localhost:3000"), json: true, color: .never, verbose: true))
    #expect(rest == ["catalogue", "list", "--category=food"])
  }

  @Test func equalsFormAndListsAreParsed() throws {
    let (options, rest) = try CLIOptions.parse(["--db=/tmp/k.sqlite", "--features", " home, archive,,", "home"])
    #expect(options.db == "/tmp/k.sqlite")
    #expect(options.features == ["home", "archive"])
    #expect(rest == ["home"])
  }

  @Test func environmentIsTheFallbackAndFlagsWin() throws {
    let environment = ["KUMIKI_API_URL": "https://api.example.com/v1", "KUMIKI_DB": "/data/k.db"]
    let fromEnvironment = try CLIOptions.parse(["home"], environment: environment).options
    #expect(fromEnvironment.api == URL(string: "https://api.example.com/v1"))
    #expect(fromEnvironment.db == "/data/k.db")
    let fromFlags = try CLIOptions.parse(["--api", "http://127.0.0.1:9", "--db", "x.db"], environment: environment)
      .options
    #expect(fromFlags.api == URL(string: "http://127.0.0.1:9"))
    #expect(fromFlags.db == "x.db")
    let empty = try CLIOptions.parse([], environment: ["KUMIKI_API_URL": "", "KUMIKI_DB": ""]).options
    #expect(empty == CLIOptions())
  }

  @Test func argumentsAfterDoubleDashAreNeverGlobals() throws {
    let (options, rest) = try CLIOptions.parse(["catalogue", "list", "--", "--json"])
    #expect(!options.json)
    #expect(rest == ["catalogue", "list", "--", "--json"])
  }

  @Test func colorIsAutoAlwaysOrNeverAndTakesItsValueOnlyAfterEquals() throws {
    #expect(try CLIOptions.parse(["home"]).options.color == .auto)
    #expect(try CLIOptions.parse(["--color=always", "home"]).options.color == .always)
    #expect(try CLIOptions.parse(["home", "--color=never"]).options.color == .never)
    #expect(try CLIOptions.parse(["--color=auto"]).options.color == .auto)
    let bare = try CLIOptions.parse(["--color", "home"])
    #expect(bare.options.color == .always)
    #expect(bare.remaining == ["home"], "a bare --color never takes the command as its value")
    #expect(try CLIOptions.parse(["--color=always", "--no-color"]).options.color == .never, "the last one wins")
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--color=sometimes"]) }
  }

  /// Issue 35: `--color always` (with a space) left `always` as the command.
  @Test func colorTakesOneOfItsValuesAfterASpace() throws {
    let spaced = try CLIOptions.parse(["--color", "always", "home"])
    #expect(spaced.options.color == .always)
    #expect(spaced.remaining == ["home"])
    #expect(try CLIOptions.parse(["home", "--color", "never"]).options.color == .never)
    #expect(try CLIOptions.parse(["--color", "auto", "home"]).remaining == ["home"])
  }

  /// Issue 35: `archive search --json id` searched for "id". After a command word, a field list after `--json` is
  /// its fields; before the command, or a word that is no field list (`4`, `カレー`, `-x`), stays where it is.
  @Test func jsonTakesAFieldListAfterTheCommandOnly() throws {
    let fields = try CLIOptions.parse(["catalogue", "list", "--json", "items.id,page"])
    #expect(fields.options.json && fields.options.jsonFields == ["items.id", "page"])
    #expect(fields.remaining == ["catalogue", "list"])
    let before = try CLIOptions.parse(["--json", "catalogue", "list"])
    #expect(before.options.jsonFields.isEmpty && before.remaining == ["catalogue", "list"])
    for word in ["4", "カレー", "-x"] {
      let kept = try CLIOptions.parse(["counter", "add", "--json", word])
      #expect(kept.options.json && kept.options.jsonFields.isEmpty && kept.remaining.last == word, "\(word)")
    }
    #expect(try CLIOptions.parse(["--json=id,title", "home"]).options.jsonFields == ["id", "title"])
    let jq = try CLIOptions.parse(["home", "--jq", ".a | length"])
    #expect(jq.options.json && jq.options.jq == ".a | length" && jq.remaining == ["home"])
    #expect(try CLIOptions.parse(["home", "--no-pager"]).options.noPager)
  }

  @Test func badGlobalsAreUsageErrors() {
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--api"]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--db", "--json"]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--json="]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--json=id,,title"]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--jq"]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--jq", ".items[", "home"]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--no-pager=yes"]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--api", "localhost:3000"]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--api", "ftp://example.com"]) }
    #expect(throws: UsageError.self) { try CLIOptions.parse([], environment: ["KUMIKI_API_URL": "not a url"]) }
  }

  @Test func hostileValuesAreInertInTheError() throws {
    do {
      _ = try CLIOptions.parse(["--api", "\u{1B}[2Jx"])
      Issue.record("expected a usage error")
    } catch {
      #expect(!error.report.contains("\u{1B}"))
      #expect(error.report.contains("^[[2Jx"))
    }
  }
}
