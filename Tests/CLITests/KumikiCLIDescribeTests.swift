import CLI
import FeatureAssembly
import FeatureKit
import Synchronization
import Testing

/// Help, `features` and completion read the features' static descriptions when the caller gives them: the app is
/// never built for them, and what they print is what the built app's commands print.
@Suite struct KumikiCLIDescribeTests {
  /// The test app's mounts, described (what a `FeatureEntry` states).
  static let descriptions = [CounterFeature.module().description, CatalogueFeature.module(gate: Gate()).description]

  static let introspection: [[String]] = [
    [], ["--help"], ["help", "counter", "add"], ["counter", "--help"], ["catalogue", "--help"], ["features"],
    ["features", "--json"], ["completion", "bash"], ["completion", "zsh"], ["completion", "fish"],
    ["help", "outbox"], ["help", "cache"], ["help", "fixtures"], ["help", "replay"], ["outbox", "--help"],
  ]

  @Test("help, features and completion never build the app", arguments: introspection)
  func introspectionBuildsNothing(_ arguments: [String]) async {
    let built = Mutex(0)
    let described = await run(
      arguments,
      describe: { options in
        try FeatureRegistry.selecting(options.features, from: Self.descriptions)
      }
    ) {
      built.withLock { $0 += 1 }
      return try makeTestApp()
    }
    #expect(described.status == 0)
    #expect(built.withLock { $0 } == 0)
    #expect(described == (await kumiki(arguments)), "kumiki \(arguments) differs when read from descriptions")
  }

  @Test func featuresSelectsFromTheDescriptions() async {
    let run = await run(
      ["--features", "counter", "features", "--json"],
      describe: { options in
        try FeatureRegistry.selecting(options.features, from: Self.descriptions)
      }
    ) { try makeTestApp() }
    #expect(
      run.output == #"{"features":[{"key":"counter","title":"Counter","screen":true,"commands":["counter","#
        + #""counter add","counter reset"]}]}"# + "\n")
  }

  @Test func aCommandStillRunsInTheBuiltApp() async {
    let built = Mutex(0)
    let run = await run(["counter", "add", "2", "--json"], describe: { _ in Self.descriptions }) {
      built.withLock { $0 += 1 }
      return try makeTestApp()
    }
    #expect(run == Run(status: 0, output: #"{"count":2}"# + "\n", error: ""))
    #expect(built.withLock { $0 } == 1)
  }

  /// Issue 38: a feature's command builds that feature alone — `makeApp` is asked for the feature the descriptions
  /// give the command — and prints what the whole app printed. Arguments that run no command by the descriptions (a
  /// usage error, a command outside `--features`, `open`) leave the selection as given: the app says what is wrong,
  /// as before.
  @Test func aCommandBuildsItsOwnFeatureAloneAndPrintsTheSame() async {
    let cases: [(arguments: [String], asked: [String])] = [
      (["counter", "add", "2", "--json"], ["counter"]),
      (["catalogue", "list", "緑", "--json"], ["catalogue"]),
      (["--features", "counter,catalogue", "counter", "add", "2"], ["counter"]),
      (["counter", "nope"], []),
      (["counter", "add", "two"], ["counter"]),  // parsed: the command itself refuses its input
      (["--features", "catalogue", "counter", "add", "2"], ["catalogue"]),
      (["open", "counter"], []),
    ]
    for (arguments, asked) in cases {
      let selections = Mutex<[[String]]>([])
      let selecting: @Sendable (CLIOptions) throws -> AppRuntime = { options in
        try FeatureRegistry([CounterFeature.module().erased, CatalogueFeature.module(gate: Gate()).erased])
          .selecting(options.features).assemble()
      }
      let described = await run(
        arguments, options: { options in selections.withLock { $0.append(options.features) } },
        describe: { options in try FeatureRegistry.selecting(options.features, from: Self.descriptions) },
        app: selecting)
      let whole = await run(arguments, describe: nil, app: selecting)
      #expect(selections.withLock { $0 } == [asked], "kumiki \(arguments)")
      #expect(described == whole, "kumiki \(arguments)")
    }
  }

  @Test func describeErrorsAreReportedAsMakeAppErrors() async {
    let unknown = await run(
      ["--features", "nope", "--help"],
      describe: { options in
        try FeatureRegistry.selecting(options.features, from: Self.descriptions)
      }
    ) { try makeTestApp() }
    #expect(
      unknown == Run(status: 64, output: "", error: "kumiki: unknown feature 'nope'; available: counter, catalogue\n"))
  }

  @Test func describedCommandsRefuseToRun() throws {
    let command = try #require(AppCommand.described(Self.descriptions).first { $0.words == ["counter", "add"] })
    #expect(throws: CommandError.self) { try command.actions(CommandInput(values: ["amount": "1"])) }
    #expect(command.examples == ["counter add 5"])
  }

  @Test(
    "answered without the app, synchronously, with the built app's bytes and status",
    arguments: introspection + [["--version"], ["--json", "--version"], ["--bogus"], ["--color=sometimes", "--help"]])
  func answeredWithoutTheApp(_ arguments: [String]) async throws {
    let output = CapturedStream()
    let error = CapturedStream()
    let status = KumikiCLI.answerWithoutApp(
      arguments: arguments, environment: [:], version: "1.2.3", standardOutput: output, standardError: error,
      describe: { _ in Self.descriptions })
    let answered = Run(status: try #require(status), output: output.text, error: error.text)
    // What the built app's commands give (no descriptions: main builds the app to read them).
    #expect(answered == (await kumiki(arguments)))
  }

  @Test(
    "commands, replay and the maintenance groups are left to main",
    arguments: [
      ["counter", "add", "2"], ["replay", "session.jsonl"], ["cache", "status"], ["outbox"],
      ["fixtures", "reset"],
    ])
  func leftToMain(_ arguments: [String]) {
    let output = CapturedStream()
    let answer = KumikiCLI.answerWithoutApp(
      arguments: arguments, environment: [:], version: "1.2.3", standardOutput: output, standardError: output,
      describe: { _ in Self.descriptions })
    #expect(answer == nil)
    #expect(output.text.isEmpty)
  }

  @Test func withoutDescriptionsOnlyTheVersionIsAnswered() {
    let output = CapturedStream()
    #expect(
      KumikiCLI.answerWithoutApp(
        arguments: ["--help"], environment: [:], version: "1.2.3", standardOutput: output, standardError: output,
        describe: nil) == nil)
    #expect(
      KumikiCLI.answerWithoutApp(
        arguments: ["--version"], environment: [:], version: "1.2.3", standardOutput: output, standardError: output,
        describe: nil) == 0)
    #expect(output.text == "kumiki 1.2.3\n")
  }

  func run(
    _ arguments: [String], describe: @escaping @Sendable (CLIOptions) throws -> [FeatureDescription],
    app: @escaping @Sendable () throws -> AppRuntime
  ) async -> Run {
    await run(arguments, describe: describe) { _ in try app() }
  }

  /// `kumiki arguments` over `describe` (none: `main` builds the app to read the commands), with the app `app`
  /// builds for the options `makeApp` is given, which `options` sees first.
  func run(
    _ arguments: [String], options: @escaping @Sendable (CLIOptions) -> Void = { _ in },
    describe: (@Sendable (CLIOptions) throws -> [FeatureDescription])?,
    app: @escaping @Sendable (CLIOptions) throws -> AppRuntime
  ) async -> Run {
    let output = CapturedStream()
    let error = CapturedStream()
    let status = await KumikiCLI.main(
      arguments: arguments, environment: [:], version: "1.2.3", standardOutput: output, standardError: error,
      describe: describe
    ) { given, _ in
      options(given)
      return try app(given)
    }
    return Run(status: status, output: output.text, error: error.text)
  }
}
