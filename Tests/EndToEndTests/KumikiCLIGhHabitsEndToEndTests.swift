import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// Issue 35, item 5: the built `kumiki` keeps the habits gh users bring — `--json FIELDS`, `--jq`, a pager on a
/// terminal only, man pages, `--color always`, bare groups, a question before `fixtures reset` — for whichever
/// features are registered (none is named here).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct KumikiCLIGhHabitsEndToEndTests {
  static func keys(_ json: String) throws -> [String] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
    return object.keys.sorted()
  }

  /// A search command's `--json id` searched for "id" and exited 0 with no results. After a command, a field list after
  /// `--json` selects fields: every reading command keeps only the key asked for, and a key its output does not
  /// have exits 64 listing those it has — whatever its positionals.
  @Test func jsonFieldsSelectAndAnUnknownFieldIsAUsageError() async throws {
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let reading = try #require(try await ReadingCommand.all().first, "no reading command")
    let folder = try TemporaryFolder()
    let whole = try await kumiki(reading.words + ["--json"], api: server.baseURL, folder: folder)
    #expect(whole.status == 0, "\(whole.stderr)")
    let keys = try Self.keys(whole.stdout)
    let key = keys.contains("origin") ? "origin" : try #require(keys.first)
    let one = try await kumiki(reading.words + ["--json", key], api: server.baseURL, folder: folder)
    #expect(one.status == 0, "\(one.stderr)")
    #expect(try Self.keys(one.stdout) == [key])
    let unknown = try await kumiki(reading.words + ["--json", "no_such_field"], api: server.baseURL, folder: folder)
    #expect(unknown.status == 64)
    #expect(unknown.stdout == "")
    #expect(unknown.stderr.contains("unknown JSON field 'no_such_field'"), "\(unknown.stderr)")
    #expect(unknown.stderr.contains("Available fields:\n  "))

    // A word after `--json` that continues the command's words stays a command word: `KEY --json SUB` is `KEY SUB
    // --json`, answered from the descriptions as from the app.
    if let nested = try await ReadingCommand.all().first(where: { $0.words.count == 2 }) {
      let asWritten = try await kumiki(nested.words + ["--json"], api: server.baseURL, folder: folder)
      let reordered = try await kumiki(
        [nested.words[0], "--json", nested.words[1]], api: server.baseURL, folder: folder)
      #expect(reordered.status == 0, "\(nested.words): \(reordered.stderr)")
      #expect(try Self.keys(reordered.stdout) == (try Self.keys(asWritten.stdout)))
    }

    // A command with a positional: `--json id` selects (or is refused), never becomes the positional.
    let catalog = try await CommandCatalog.load(BuiltBinary.path("kumiki"))
    for command in catalog.commands where !command.positionals.isEmpty {
      let run = try await kumiki(command.words + ["--json", "id"], api: server.baseURL, folder: folder)
      let name = command.words.joined(separator: " ")
      if run.status == 0 {
        #expect(try Self.keys(run.stdout) == ["id"], "\(name) --json id: \(run.stdout)")
      } else {
        #expect(run.status == 64, "\(name) --json id: \(run.stderr)")
        #expect(run.stdout == "")
      }
    }
  }

  @Test func jqFiltersTheJSON() async throws {
    let folder = try TemporaryFolder()
    let keys = try await kumiki(["features", "--jq", ".features[].key"], folder: folder)
    #expect(keys.status == 0, "\(keys.stderr)")
    #expect(
      keys.stdout.split(separator: "\n").map(String.init)
        == (try await CommandCatalog.featureKeys(BuiltBinary.path("kumiki"))))
    let bad = try await kumiki(["features", "--jq", ".features[] |"], folder: folder)
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("kumiki: --jq: "))
  }

  /// A bare feature group exited 64 while `kumiki cache` printed its help: every bare group prints its `--help`, 0.
  @Test func everyBareGroupPrintsItsHelp() async throws {
    let folder = try TemporaryFolder()
    let features = try await CommandCatalog.features(BuiltBinary.path("kumiki"))
    let groups = features.filter { !$0.commands.contains($0.key) }.map(\.key) + ["cache", "fixtures"]
    for group in groups {
      let bare = try await kumiki([group], folder: folder)
      #expect(bare.status == 0, "kumiki \(group): \(bare.stderr)")
      #expect(bare.stdout.contains("USAGE: kumiki \(group)"), "kumiki \(group)")
      let help = try await kumiki([group, "--help"], folder: folder)
      #expect(bare.stdout == help.stdout, "kumiki \(group) prints what kumiki \(group) --help prints")
    }
  }

  /// `--color always` (with a space) was read as a command.
  @Test func colorAlwaysWithASpace() async throws {
    let folder = try TemporaryFolder()
    let run = try await kumiki(["--color", "always", "features"], folder: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\u{1B}["))
  }

  /// The page `kumiki man` prints is read by groff without a warning and lists every command.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "needs groff"))
  func manPageRendersWithGroff() async throws {
    let folder = try TemporaryFolder()
    let page = try await kumiki(["man"], folder: folder)
    #expect(page.status == 0)
    let file = folder.path + "/kumiki.1"
    try page.stdout.write(toFile: file, atomically: true, encoding: .utf8)
    let rendered = try await CommandResult.launch(
      "/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-P-cbu", "-rLL=300n", file], environment: ["LC_ALL": "C.UTF-8"])
    #expect(rendered.status == 0)
    #expect(rendered.stderr == "", "\(rendered.stderr)")
    let catalog = try await CommandCatalog.load(BuiltBinary.path("kumiki"))
    for command in catalog.commands {
      #expect(rendered.stdout.contains("kumiki " + command.words.joined(separator: " ")), "\(command.words)")
    }
  }

  /// A fake pager (a script) on a real terminal: long output goes through it; piped output, `--no-pager`, output
  /// that fits and a pager that cannot start print as they are.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func aPagerForLongOutputOnATerminalOnly() async throws {
    let folder = try TemporaryFolder()
    let pager = folder.path + "/fake-pager"
    try "#!/bin/sh\ncat > \"$1\"\necho \"paged by the fake pager\"\n".write(
      toFile: pager, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: pager)
    let kumiki = TmuxSession.quote(BuiltBinary.path("kumiki")) + " --db " + TmuxSession.quote(folder.path + "/k.sqlite")
    let expected = try await CompositionRootTesting.kumiki(["--help"], folder: folder).stdout
    func run(_ line: String, pagerOutput: String) async throws -> String {
      let tmux = try TmuxSession(
        command: line, width: 100, height: 20,
        environment: ["KUMIKI_PAGER": pager + " " + pagerOutput, "NO_COLOR": "1"])
      return try await tmux.waitFor(text: "[exit ")
    }

    let paged = try await run(kumiki + " --help", pagerOutput: folder.path + "/paged")
    #expect(paged.contains("paged by the fake pager"), "\(paged)")
    #expect(paged.contains("[exit 0]"))
    #expect(try String(contentsOfFile: folder.path + "/paged", encoding: .utf8) == expected)

    for (line, name) in [
      (kumiki + " --help | tail -n 3", "piped"), (kumiki + " --no-pager --help | tail -n 3", "no-pager"),
      (kumiki + " --version", "short"),
    ] {
      let screen = try await run(line, pagerOutput: folder.path + "/" + name)
      #expect(!screen.contains("paged by the fake pager"), "\(name): \(screen)")
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/" + name), "\(name)")
      #expect(screen.contains("[exit 0]"), "\(name): \(screen)")
    }

    let tmux = try TmuxSession(
      command: kumiki + " --help", width: 100, height: 20,
      environment: ["KUMIKI_PAGER": folder.path + "/no-such-pager", "NO_COLOR": "1"])
    let plain = try await tmux.waitFor(text: "[exit 0]")
    #expect(plain.contains("source <(kumiki completion bash)"), "the help's last line, printed as it is: \(plain)")
  }

  /// The default pager is less (-FRX) in the terminal's foreground: Ctrl-C goes to less, not to kumiki, and `q`
  /// quits it; kumiki then exits 0.
  @Test(
    .enabled(
      if: TmuxSession.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/less"),
      "needs tmux and less"))
  func lessPagesLongHelpAndCtrlCGoesToIt() async throws {
    let folder = try TemporaryFolder()
    let line = [BuiltBinary.path("kumiki"), "--db", folder.path + "/k.sqlite", "--help"]
      .map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(
      command: line, width: 100, height: 15, environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
    try await tmux.waitFor("less's prompt") { $0.split(separator: "\n").last == ":" }
    try tmux.keys("C-c")
    // less may drop what was typed while it handled the interrupt: `q` again until it quits (a few tries, bounded).
    var screen = ""
    for _ in 0..<10 where !screen.contains("[exit ") {
      try tmux.keys("q")
      screen = (try? await tmux.waitFor(text: "[exit ", timeout: .seconds(2))) ?? ""
    }
    let last = try tmux.screen()
    #expect(screen.contains("[exit 0]"), "kumiki outlived Ctrl-C and ended with less: \(last)")
  }

  /// `fixtures reset` ran without asking. Without a terminal it needs --yes (64, nothing reset); on a terminal it
  /// asks, and a no resets nothing (1).
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func fixturesResetAsksOnATerminalAndNeedsYesElsewhere() async throws {
    let folder = try TemporaryFolder()
    let piped = try await kumiki(["fixtures", "reset"], folder: folder)
    #expect(piped.status == 64)
    #expect(piped.stderr.contains("pass --yes"), "\(piped.stderr)")
    let line = [BuiltBinary.path("kumiki"), "--db", folder.path + "/k.sqlite", "fixtures", "reset"]
      .map(TmuxSession.quote).joined(separator: " ")
    let no = try TmuxSession(command: line, environment: ["NO_COLOR": "1"])
    _ = try await no.waitFor(text: "[y/N]")
    try no.type("n")
    try no.keys("Enter")
    let cancelled = try await no.waitFor(text: "[exit ")
    #expect(cancelled.contains("cancelled; nothing was changed") && cancelled.contains("[exit 1]"), "\(cancelled)")
    let yes = try TmuxSession(command: line, environment: ["NO_COLOR": "1"])
    _ = try await yes.waitFor(text: "[y/N]")
    try yes.type("y")
    try yes.keys("Enter")
    let done = try await yes.waitFor(text: "[exit ")
    #expect(done.contains("[exit 0]"), "\(done)")
  }
}
