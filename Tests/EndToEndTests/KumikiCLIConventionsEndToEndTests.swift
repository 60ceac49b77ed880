import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// The built `kumiki` keeps the CLI conventions (Modules/CLI/README.md) for every feature's commands, found as a
/// user finds them (`kumiki features --json`, each command's `--help`): no feature is named here.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiCLIConventionsEndToEndTests {
  /// The help's sections, by their title line (`USAGE: …` starts one too); the first is the description.
  static func sections(_ help: String) -> [String] {
    help.components(separatedBy: "\n\n").filter { !$0.isEmpty }
  }

  /// Issue 26: `kumiki --help` opened with 18 lines of examples (one mount's twice, another mount's never) and
  /// no description. It opens with one line, then the usage and the commands, and ends with a few examples, none
  /// twice.
  @Test func rootHelpOpensWithOneLineThenUsageAndEndsWithFewExamples() async throws {
    let folder = try TemporaryFolder()
    let help = try await kumiki(["--help"], folder: folder)
    #expect(help.status == 0)
    let sections = Self.sections(help.stdout)
    #expect(sections.first?.split(separator: "\n").count == 1, "one line of description first")
    #expect(sections.dropFirst().first?.hasPrefix("USAGE: kumiki") == true)
    #expect(sections.dropFirst(2).first?.hasPrefix("COMMANDS:") == true)
    let examples = try #require(sections.last?.split(separator: "\n").map(String.init))
    #expect(examples.first == "EXAMPLES:")
    #expect(examples.count <= 9, "short: \(examples)")
    #expect(Set(examples).count == examples.count, "no example twice: \(examples)")
    let features = try await CommandCatalog.featureKeys(BuiltBinary.path("kumiki"))
    #expect(!features.isEmpty)
    for key in features {
      #expect(help.stdout.contains("\n    \(key)"), "the commands list \(key)")
    }
  }

  /// Issue 26: every command's help showed `replay`'s exit codes and another mount's examples. Each opens with its
  /// one-line description and usage, lists only the exit codes that apply (0, 1, 64), and its examples are its own
  /// (they start with its feature key: a mount's examples name the mount).
  @Test func everyCommandsHelpIsItsOwn() async throws {
    let folder = try TemporaryFolder()
    let catalog = try await CommandCatalog.load(BuiltBinary.path("kumiki"))
    #expect(!catalog.commands.isEmpty)
    for command in catalog.commands {
      let name = command.words.joined(separator: " ")
      let help = try await kumiki(command.words + ["--help"], folder: folder)
      #expect(help.status == 0, "\(name)")
      let sections = Self.sections(help.stdout)
      #expect(sections.first?.split(separator: "\n").count == 1, "\(name): one line of description first")
      #expect(sections.dropFirst().first?.hasPrefix("USAGE: kumiki \(name)") == true, "\(name)")
      let codes = try #require(sections.first { $0.hasPrefix("EXIT CODES:") }, "\(name)")
      #expect(codes.contains("  64  ") && !codes.contains("65") && !codes.contains("replay"), "\(name): \(codes)")
      let examples = try #require(sections.last, "\(name)").split(separator: "\n").map(String.init)
      #expect(examples.first == "EXAMPLES:", "\(name): examples last")
      for example in examples.dropFirst() {
        #expect(example.hasPrefix("  kumiki \(command.words[0])"), "\(name): '\(example)' is another command's")
      }
    }
  }

  /// Issue 26: `kumiki features | cat` ended in `...`. Into a pipe nothing is cut: without COLUMNS a table is
  /// tab-separated, with it cells wrap; every command is printed whole.
  @Test func pipedOutputIsNeverCut() async throws {
    let folder = try TemporaryFolder()
    let listing = try await kumiki(["features", "--json"], folder: folder)
    let object = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any]
    let commands = (object?["features"] as? [[String: Any]] ?? []).flatMap { $0["commands"] as? [String] ?? [] }
    #expect(!commands.isEmpty)

    let piped = try await kumiki(["features"], folder: folder)
    #expect(piped.status == 0)
    #expect(!piped.stdout.contains("..."), "\(piped.stdout)")
    #expect(piped.stdout.split(separator: "\n").dropFirst().allSatisfy { $0.contains("\t") }, "tab-separated")
    for command in commands { #expect(piped.stdout.contains(command), "\(command) whole") }

    let narrow = try await kumiki(["features"], folder: folder, environment: ["COLUMNS": "60"])
    #expect(!narrow.stdout.contains("..."), "\(narrow.stdout)")
    #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 }, "\(narrow.stdout)")
    let letters = narrow.stdout.filter { !$0.isWhitespace }
    for command in commands { #expect(letters.contains(command.filter { !$0.isWhitespace }), "\(command) whole") }
  }

  /// Issue 26: at COLUMNS=40 every column of a table was cut to 3 characters and an empty column kept. On a
  /// narrow terminal a table drops its empty columns and then its rightmost ones, so the columns shown are
  /// readable: their headings are whole. The table is the first command's, among those that need no argument,
  /// whose piped output has four columns or more.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func aNarrowTerminalDropsColumnsBeforeCuttingThem() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let catalog = try await CommandCatalog.load(BuiltBinary.path("kumiki"))
    var found: (words: [String], headings: [String])?
    for command in catalog.commands {  // a command that needs an argument fails (64) and is passed over
      let run = try await kumiki(command.words, api: server.baseURL, folder: folder)
      // Piped, a table is tab-separated lines, its header first.
      let header = run.stdout.split(separator: "\n").first { $0.split(separator: "\t").count >= 4 }
      if run.status == 0, let header {
        found = (command.words, header.split(separator: "\t").map(String.init))
        break
      }
    }
    let (words, headings) = try #require(found, "no command prints a table of four columns or more")
    let line =
      ([BuiltBinary.path("kumiki"), "--api", server.baseURL.absoluteString, "--db", folder.path + "/k.sqlite"]
      + words).map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: line, width: 40, height: 60, environment: ["NO_COLOR": "1"])
    let screen = try await tmux.waitFor(text: "[exit 0]")
    let lines = screen.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { line in headings.contains { line.hasPrefix($0) } }, "\(screen)")
    let shown = header.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(shown.allSatisfy(headings.contains), "every heading shown is whole: \(shown) of \(headings)")
    #expect(shown.count < headings.count, "columns were dropped to fit 40: \(shown)")
  }

  /// `--color=always` colours piped output, `--color=never` never colours, anything else is a usage error.
  @Test func colorAlwaysNeverAndBadValues() async throws {
    let folder = try TemporaryFolder()
    let always = try await kumiki(["--color=always", "features"], folder: folder)
    #expect(always.status == 0)
    #expect(always.stdout.contains("\u{1B}["))
    let never = try await kumiki(["features", "--color=never"], folder: folder, environment: ["TERM": "xterm"])
    #expect(!never.stdout.contains("\u{1B}["))
    let bad = try await kumiki(["--color=sometimes", "features"], folder: folder)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("auto, always or never"))
  }
}
