import CompositionRootTesting
import CoreTesting
import FixtureServer
import Foundation
import Testing

/// Random and adversarial values for every environment variable and numeric option of the built `kumiki`: it never
/// crashes, exits with one of its documented statuses, says why on standard error, and lets no escape sequence from
/// its input reach the terminal. Bounded (`runs` processes); the seed is printed, and `KUMIKI_FUZZ_SEED=N` replays it.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KumikiEnvironmentFuzzTests {
  static let runs = 80
  static let documentedStatuses: Set<Int32> = [0, 1, 64, 65, 66, 73]

  static let adversarial = [
    "", "0", "-0", "-1", "1", "0.0001", "2.5", "1e16", "1e300", "1e400", "-1e400", "nan", "NaN", "inf", "-inf",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "461168601842738790", "0x10", "1_000",
    "１２", "٣", "1e", ".", "+", " 7 ", "\t", "\u{1B}[31mred", "\u{1B}]52;c;aGk=\u{7}", "a\nb", "\r", "\u{85}",
    "\u{2028}", "\u{202E}evil", "%00", "%n%n%n", "../../etc/passwd", "/dev/null", "/", ":memory:",
    String(repeating: "9", count: 400), String(repeating: "x", count: 5000), "http://u:p@127.0.0.1:9/",
    "ftp://127.0.0.1/", "http://[::1", "http://127.0.0.1:99999/", "カレー", "\u{FEFF}",
  ]

  @Test func kumikiSurvivesHostileSettings() async throws {
    let seed =
      ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    print("KumikiEnvironmentFuzzTests seed: \(seed) (KUMIKI_FUZZ_SEED=\(seed) replays it)")
    var random = SplitMix64(seed: seed)
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    // Every feature's commands, found as a user finds them: no feature is named here.
    let catalog = try await CommandCatalog.load(BuiltBinary.path("kumiki"))
    #expect(!catalog.commands.isEmpty)

    for run in 0..<Self.runs {
      func value() -> String {
        random.next() % 4 == 0
          ? Self.randomText(&random) : Self.adversarial[Int(random.next() % UInt64(Self.adversarial.count))]
      }
      var environment = [
        "KUMIKI_DB": folder.path + "/kumiki.sqlite", "KUMIKI_API_URL": server.baseURL.absoluteString,
      ]
      for name in ["KUMIKI_TIMEOUT", "KUMIKI_CACHE_MAX_AGE", "COLUMNS", "NO_COLOR", "KUMIKI_API_URL", "KUMIKI_CACHE"]
      where random.next() % 3 == 0 {
        environment[name] = name == "KUMIKI_CACHE" ? folder.path + "/c-" + value() : value()
      }
      let builtins: [[String]] = [
        ["cache", "status"], ["--api", value()] + (catalog.commands.first?.words ?? []),
        ["--features", value()] + (catalog.commands.first?.words ?? []),
        ["replay", folder.path + "/missing.jsonl", "--until", value()],
      ]
      let arguments: [String]
      if random.next() % 4 == 0 || catalog.commands.isEmpty {
        arguments = builtins[Int(random.next() % UInt64(builtins.count))]
      } else {
        // A feature command with hostile values for its positionals and some of its options.
        let command = catalog.commands[Int(random.next() % UInt64(catalog.commands.count))]
        var words = command.words + command.positionals.map { _ in value() }
        for option in command.options where random.next() % 2 == 0 {
          words += option.takesValue ? [option.name, value()] : [option.name]
        }
        arguments = words
      }
      // Environment strings cannot hold NUL; the kernel would cut them there.
      environment = environment.mapValues { $0.replacingOccurrences(of: "\0", with: "") }
      let result = try await CommandResult.launch(
        BuiltBinary.path("kumiki"), arguments.map { $0.replacingOccurrences(of: "\0", with: "") },
        environment: environment)
      let context = "seed \(seed), run \(run): kumiki \(arguments) with \(environment)\nstderr: \(result.stderr)"
      #expect(!result.signalled, "crashed (signal \(result.status)); \(context)")
      #expect(Self.documentedStatuses.contains(result.status), "exit \(result.status); \(context)")
      if result.status != 0 { #expect(!result.stderr.isEmpty, "failed silently; \(context)") }
      #expect(!result.stderr.contains("\u{1B}"), "an escape sequence reached the terminal; \(context)")
    }
  }

  static func randomText(_ random: inout SplitMix64) -> String {
    let length = Int(random.next() % 24)
    let scalars = (0..<length).compactMap { _ -> Unicode.Scalar? in
      switch random.next() % 4 {
      case 0: Unicode.Scalar(UInt8(random.next() % 128))
      case 1: Unicode.Scalar(UInt32(0x30 + random.next() % 10))
      case 2: Unicode.Scalar(UInt32(0x80 + random.next() % 0x3000))
      default: Unicode.Scalar(UInt32(0x3040 + random.next() % 0x60))
      }
    }
    return String(String.UnicodeScalarView(scalars))
  }
}
