import CompositionRootTesting
import FixtureData
import FixtureServer
import Foundation
import Testing

/// The real `kumiki` binary against the fixture server over HTTP and a real database: versions, failures, usage
/// errors and hostile text, for whichever features are registered (each feature's own output is checked in its
/// integration suite).
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiEndToEndTests {
  let binary = BuiltBinary.path("kumiki")

  /// Every binary answers `--version` as `NAME VERSION` (`kumiki` printed `kumiki kumiki 0.1.0`; `kumiki-api` had no
  /// `--version`); `--json` carries the version alone.
  @Test func everyBinaryAnswersVersionOnce() async throws {
    for name in ["kumiki", "kumiki-tui", "kumiki-api"] {
      let result = try await CommandResult.launch(BuiltBinary.path(name), ["--version"])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(result.stdout == "\(name) 0.1.0\n")
    }
    let json = try await CommandResult.launch(binary, ["--version", "--json"])
    #expect(json.stdout == #"{"version":"0.1.0"}"# + "\n")
  }

  /// A command that reads the API fails with exit 1 and a one-line reason when the server is down, answers 500,
  /// is too slow or sends malformed JSON (with `--json`, nothing on standard output).
  @Test func failuresExitOneWithAOneLineReason() async throws {
    let folder = try TemporaryFolder()
    let command = try await ReadingCommand.first()
    // Server down: nothing listens on this port.
    let down = try await kumiki(command.words, api: URL(string: "http://127.0.0.1:9")!, folder: folder)
    #expect(down.status == 1, "\(command.words)")
    #expect(down.stderr.split(separator: "\n").count == 1, "\(down.stderr)")

    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    func fault(_ faults: [InjectedFault]) {
      for collection in command.collections { server.setFaults(faults, for: .endpoint(collection)) }
    }
    fault([.status(500)])
    let status = try await kumiki(command.words, api: server.baseURL, folder: folder)
    #expect(status.status == 1, "\(command.words)")
    #expect(status.stderr.contains("500"), "\(status.stderr)")
    #expect(status.stderr.split(separator: "\n").count == 1, "\(status.stderr)")

    // Timeout: the server answers after 5 s, the client gives up after 0.3 s.
    fault([.latency(milliseconds: 5_000)])
    let slow = try await kumiki(
      ["--fresh"] + command.words, api: server.baseURL, folder: folder, environment: ["KUMIKI_TIMEOUT": "0.3"])
    #expect(slow.status == 1, "\(command.words)")
    #expect(slow.stderr.lowercased().contains("timed out"), "\(slow.stderr)")

    fault([.malformedJSON])
    let malformed = try await kumiki(["--fresh"] + command.words + ["--json"], api: server.baseURL, folder: folder)
    #expect(malformed.status == 1, "\(command.words)")
    #expect(malformed.stdout.isEmpty, "\(malformed.stdout)")
  }

  /// A misspelt feature key is a usage error that suggests the key; so is `--features` naming no feature; the help
  /// lists every command.
  @Test func usageErrorsExit64() async throws {
    let folder = try TemporaryFolder()
    let features = try await CommandCatalog.features(binary)
    // The longest key, its last two letters swapped (`kumiki` → `kumiik`): close enough to be suggested.
    let feature = try #require(
      features.filter { $0.key.count >= 4 && !$0.commands.isEmpty }.max { $0.key.count < $1.key.count },
      "no feature with a command and a key of four letters or more")
    let key = Array(feature.key)
    let misspelt = String(key.dropLast(2) + [key[key.count - 1], key[key.count - 2]])
    let words = try #require(feature.commands.first).split(separator: " ").map(String.init)
    let unknown = try await kumiki([misspelt] + words.dropFirst(), folder: folder)
    #expect(unknown.status == 64, "\(misspelt): \(unknown.stderr)")
    #expect(unknown.stderr.contains(feature.key), "did you mean: \(unknown.stderr)")
    #expect(try await kumiki(["--features", "nope"] + words, folder: folder).status == 64)
    let help = try await kumiki(["--help"], folder: folder)
    #expect(help.status == 0)
    for command in features.flatMap(\.commands) { #expect(help.stdout.contains(command), "\(command)") }
  }

  /// Both apps read their launch options and environment with one parser (`LaunchArguments`): a bad `--api`, given
  /// as the option or as KUMIKI_API_URL, is the same usage error (64, one line naming the app) in either, before
  /// anything starts, terminal or not; kumiki-tui refuses an unknown option as kumiki does. (kumiki-tui checked the
  /// URL itself, after its terminal: exit 1 without one, and in other words than kumiki's.)
  @Test func bothAppsReadTheirLaunchOptionsAlike() async throws {
    let tui = BuiltBinary.path("kumiki-tui")
    let cases: [([String], [String: String])] = [
      (["--api", "ftp://example.com"], [:]), ([], ["KUMIKI_API_URL": "localhost:3000"]),
    ]
    for (arguments, environment) in cases {
      let cli = try await CommandResult.launch(binary, arguments + ["features"], environment: environment)
      let full = try await CommandResult.launch(tui, arguments, environment: environment)
      #expect(cli.status == 64, "\(arguments) \(environment): \(cli.stderr)")
      #expect(full.status == 64, "\(arguments) \(environment): \(full.stderr)")
      #expect(cli.stderr.hasPrefix("kumiki: --api must be an absolute http(s) URL"), "\(cli.stderr)")
      #expect(full.stderr == cli.stderr.replacingOccurrences(of: "kumiki: ", with: "kumiki-tui: "))
    }
    let unknown = try await CommandResult.launch(tui, ["--bogus"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("kumiki-tui: unknown option '--bogus'"), "\(unknown.stderr)")
  }

  /// Text from the API reaches the terminal inert: every string of the fixture data carries an OSC 52 clipboard
  /// write and a screen clear, and every command that reads the API prints it without an escape or a bell.
  @Test func hostileTextFromTheAPIIsPrintedInert() async throws {
    let folder = try TemporaryFolder()
    let commands = try await ReadingCommand.all()
    #expect(!commands.isEmpty, "no feature command reads the API when run with no argument")
    let hostile = "\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J"
    let database = try FixtureDatabase.bundled
    let server = try await FixtureServer.start(
      .init(port: 0, database: FixtureDatabase(root: Self.prefixingText(database.root, with: hostile))))
    defer { Task { await server.shutdown() } }
    var shown = 0
    for command in commands {
      let result = try await kumiki(
        command.words, api: server.baseURL, folder: folder, environment: ["NO_COLOR": "1"])
      #expect(!result.signalled, "\(command.words)")
      guard result.status == 0 else { continue }  // data it cannot read fails as bad data: that is no leak
      #expect(!result.stdout.contains("\u{1B}"), "\(command.words)")
      #expect(!result.stdout.contains("\u{07}"), "\(command.words)")
      if result.stdout.contains("ZXZpbA==") { shown += 1 }
    }
    #expect(shown > 0, "no command printed the hostile text: \(commands.map(\.words))")
  }

  /// `object` with `prefix` put before every string that holds text (a non-ASCII letter: titles, names,
  /// descriptions), so URLs, dates, ids and categories used in queries stay readable.
  static func prefixingText(_ object: JSONObject, with prefix: String) -> JSONObject {
    JSONObject(object.members.map { ($0.key, prefixingText($0.value, with: prefix)) })
  }

  static func prefixingText(_ value: JSONValue, with prefix: String) -> JSONValue {
    switch value {
    case .string(let text) where text.unicodeScalars.contains { !$0.isASCII }: .string(prefix + text)
    case .array(let elements): .array(elements.map { prefixingText($0, with: prefix) })
    case .object(let object): .object(prefixingText(object, with: prefix))
    default: value
    }
  }
}
