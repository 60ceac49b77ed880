import FeatureAssembly
import FeatureKit
import Foundation

/// The `kumiki` command line as one function, for the executable and for in-process tests.
///
/// ```swift
/// // Apps/kumiki/Kumiki.swift, shortened
/// import CLI
/// import CompositionRoot
/// import Foundation
/// let status = await KumikiCLI.main(
///   arguments: Array(CommandLine.arguments.dropFirst()),
///   environment: ProcessInfo.processInfo.environment,
///   version: "0.1.0",
///   describe: { options in try LiveApp.describe(features: options.features) }
/// ) { options, purpose in
///   if purpose == .replay { return try LiveApp.replay(features: options.features) }
///   let live = try await LiveApp.start(
///     LaunchOptions(apiURL: options.api, databasePath: options.db, features: options.features, launch: false))
///   return live.runtime  // assembled, NOT launched
/// }
/// exit(status)
/// ```
public enum KumikiCLI {
  /// Parses `arguments` (without the program name), builds the app with `makeApp`, runs what was asked and
  /// returns the exit status (0 success, 1 failure, 64 usage error; `replay` adds 65, 66 and 73, see
  /// ``CLIExitCode``).
  ///
  /// 1. Global options are taken out wherever they appear (``CLIOptions/parse(_:environment:)``); a bad one is a
  ///    usage error. `--version` and, when `cache` and `resetFixtures` are given, `cache status|clear` and
  ///    `fixtures reset` are answered here, without building the app. `replay FILE …` replays a recorded session into apps `makeApp` builds for
  ///    ``AppPurpose/replay`` (`ReplayCommand`, `Modules/Sessions`).
  /// 2. Help, `features` and `completion` (``AppPurpose/introspection``) read the features' static descriptions
  ///    from `describe` when it is given, and build nothing (steps 1 and 2 are
  ///    ``answerWithoutApp(arguments:environment:version:standardOutput:standardError:describe:)``). Otherwise `makeApp(options, purpose)` is called once.
  ///    It must return an app that is assembled but **not launched**; `purpose` is ``AppPurpose/introspection``
  ///    when there is no `describe` (only the command list is read), else ``AppPurpose/execution``. An error either
  ///    throws ends the run with one line `kumiki: <reason>` on standard error and status 1 — or 64 for a
  ///    ``UsageError``, a `CommandError.usage` or `RegistryError.unknownFeature` (a bad `--features`). When
  ///    `describe` is given and the arguments run a feature's command by its descriptions, `makeApp` gets options
  ///    whose `features` name that feature alone (``selectingCommandFeature(_:_:describe:)``).
  /// 3. The rest is parsed against the app's commands (``CommandLineParser``). Help, `features` and completion
  ///    scripts are printed on standard output. A feature command launches the app (storage errors reported by
  ///    `launch()` are printed as warnings on standard error), runs through ``CommandRunner``, then broadcasts
  ///    `terminate` and awaits the store settling so pending writes finish.
  public static func main(
    arguments: [String],
    environment: [String: String],
    version: String,
    standardOutput: any TextStream = FileStream.standardOutput,
    standardError: any TextStream = FileStream.standardError,
    cache: CacheMaintenance? = nil,
    resetFixtures: (@Sendable (CLIOptions) async throws -> String)? = nil,
    describe: (@Sendable (CLIOptions) throws -> [FeatureDescription])? = nil,
    outbox: OutboxMaintenance? = nil,
    confirm: (@Sendable (String, any TextStream) -> Bool?)? = nil,
    makeApp: (CLIOptions, AppPurpose) async throws -> AppRuntime
  ) async -> Int32 {
    let paged = pagedOutput(arguments, environment: environment, standardOutput: standardOutput)
    defer { paged?.finish() }
    return await run(
      arguments: arguments, environment: environment, version: version, standardOutput: paged ?? standardOutput,
      standardError: standardError, cache: cache, resetFixtures: resetFixtures, describe: describe, outbox: outbox,
      confirm: confirm, makeApp: makeApp)
  }

  /// Standard output held for the pager (``PagedOutput``) when it is the process's own, a terminal, and a pager is
  /// set (``Pager``); `nil` otherwise.
  static func pagedOutput(
    _ arguments: [String], environment: [String: String], standardOutput: any TextStream
  ) -> PagedOutput? {
    guard let output = standardOutput as? FileStream,
      let options = try? CLIOptions.parse(arguments, environment: environment).options
    else { return nil }
    return PagedOutput.over(output, pager: Pager.resolve(noPager: options.noPager, environment: environment))
  }

  /// ``main(arguments:environment:version:standardOutput:standardError:cache:resetFixtures:describe:outbox:confirm:makeApp:)``
  /// once standard output is decided.
  static func run(
    arguments: [String],
    environment: [String: String],
    version: String,
    standardOutput: any TextStream,
    standardError: any TextStream,
    cache: CacheMaintenance?,
    resetFixtures: (@Sendable (CLIOptions) async throws -> String)?,
    describe: (@Sendable (CLIOptions) throws -> [FeatureDescription])?,
    outbox: OutboxMaintenance?,
    confirm: (@Sendable (String, any TextStream) -> Bool?)?,
    makeApp: (CLIOptions, AppPurpose) async throws -> AppRuntime
  ) async -> Int32 {
    if let status = answer(
      arguments: arguments, environment: environment, version: version, standardOutput: standardOutput,
      standardError: standardError, describe: describe)
    {
      return status
    }
    var options: CLIOptions
    var remaining: [String]
    do {
      (options, remaining) = try CLIOptions.parse(arguments, environment: environment)
    } catch {
      standardError.write(error.report)
      return CLIExitCode.usage.rawValue
    }
    let standardOutput: any TextStream = options.json ? JSONOutputStream(base: standardOutput) : standardOutput
    if let cache, remaining.first == CacheCommand.group {
      return await CacheCommand.answer(
        Array(remaining.dropFirst()), standardOutput: standardOutput, standardError: standardError
      ) { command, _ in
        await command.run(cache, options: options, standardOutput: standardOutput, standardError: standardError)
      }.rawValue
    }
    if let resetFixtures, remaining.first == FixturesCommand.group {
      return await FixturesCommand.answer(
        Array(remaining.dropFirst()), standardOutput: standardOutput, standardError: standardError
      ) { command, flags in
        await command.run(
          resetFixtures, flags: flags, options: options, standardOutput: standardOutput, standardError: standardError,
          confirm: confirm ?? Confirmation.askOnTerminal)
      }.rawValue
    }
    if let outbox, remaining.first == OutboxCommand.group {
      do {
        guard let command = try OutboxCommand.parse(Array(remaining.dropFirst())) else {
          standardOutput.write(OutboxCommand.help)
          return CLIExitCode.success.rawValue
        }
        return await command.run(
          outbox, options: options, standardOutput: standardOutput, standardError: standardError
        ).rawValue
      } catch {
        standardError.write(error.report)
        return CLIExitCode.usage.rawValue
      }
    }
    if remaining.first == "replay" {
      // Its JSON is the recorded states as the features write them: printed whole.
      if !options.jsonFields.isEmpty || options.jq != nil {
        standardError.write(
          UsageError("replay prints its JSON whole: --json FIELDS and --jq do not apply to it").report)
        return CLIExitCode.usage.rawValue
      }
      do {
        guard let command = try ReplayCommand.parse(Array(remaining.dropFirst())) else {
          standardOutput.write(ReplayCommand.help)
          return CLIExitCode.success.rawValue
        }
        return await command.run(
          options: options, standardOutput: standardOutput, standardError: standardError, makeApp: makeApp
        ).rawValue
      } catch {
        standardError.write(error.report)
        return CLIExitCode.usage.rawValue
      }
    }
    // Help, `features` and completion need only what the features look like: their static descriptions, when
    // the caller can give them, so nothing is built (no registry, no client, no store).
    let purpose = purpose(of: remaining)
    var app: AppRuntime?
    let commands: [AppCommand]
    let features: [MountedFeature]
    do {
      if purpose == .introspection, let describe {
        let described = try describe(options)
        commands = AppCommand.described(described)
        features = MountedFeature.described(described)
      } else {
        let built = try await makeApp(selectingCommandFeature(options, remaining, describe: describe), purpose)
        app = built
        commands = built.commands
        features = built.features
      }
    } catch {
      return report(error, to: standardError).rawValue
    }
    let parser = CommandLineParser(commands: commands, features: features)
    (options, remaining) = parser.reclaimingJSONWord(options, remaining)
    let settings = OutputSettings.resolve(
      options: options, environment: environment, standardOutput: standardOutput, standardError: standardError)
    var words = remaining
    if remaining.first == OpenCommand.group, let app {  // `kumiki open ROUTE`: the command it stands for
      let arguments = Array(remaining.dropFirst())
      guard let command = OpenCommand.command(for: arguments, app: app, standardError: standardError) else {
        return CLIExitCode.usage.rawValue
      }
      words = command
    }
    let invocation: Invocation
    do {
      invocation = try parser.parse(words)
    } catch {
      standardError.write(error.report)
      return CLIExitCode.usage.rawValue
    }
    guard case .run(let command, let input) = invocation else {
      do {
        let text = try introspectionText(
          invocation, commands: commands, features: features, settings: settings, version: version)
        standardOutput.write(text ?? "")
      } catch {
        standardError.write(error.report)
        return CLIExitCode.usage.rawValue
      }
      return CLIExitCode.success.rawValue
    }
    // Only arguments of an execution purpose name a command to run (``purpose(of:)``), and those built the app.
    guard let app else {
      standardError.write("kumiki: '\(TextLine.clean(command.name))' cannot run without the app\n")
      return CLIExitCode.failure.rawValue
    }
    for error in await app.launch() {
      standardError.write("kumiki: warning: \(TextLine.clean(String(describing: error)))\n")
    }
    let runner = CommandRunner(
      app: app, settings: settings, standardOutput: standardOutput, standardError: standardError,
      queuedWrites: outbox?.queued)
    let status = await runner.run(command, input: input)
    app.send(.terminate)
    await app.store.settled()
    return status.rawValue
  }

  /// What ``main(arguments:environment:version:standardOutput:standardError:cache:resetFixtures:describe:outbox:makeApp:)``
  /// answers without an app, synchronously on the calling thread: `--version`, a bad global option (64), the help of
  /// a built-in group (``groups``), and —
  /// when `describe` is given — help, `features` and completion scripts from the features' static descriptions.
  /// Returns the exit status, or `nil` when the arguments need more (a command, `replay`, or the `cache`,
  /// `fixtures` and `outbox` groups): then call `main`, which calls this first and goes on.
  ///
  /// `kumiki` calls it before anything asynchronous, so these answers start no thread: calling the asynchronous
  /// `main` from the main actor moves to the global executor, whose first job starts its worker threads
  /// (Benchmarks/README.md, "Start-up").
  public static func answerWithoutApp(
    arguments: [String],
    environment: [String: String],
    version: String,
    standardOutput: any TextStream = FileStream.standardOutput,
    standardError: any TextStream = FileStream.standardError,
    describe: (@Sendable (CLIOptions) throws -> [FeatureDescription])?
  ) -> Int32? {
    let paged = pagedOutput(arguments, environment: environment, standardOutput: standardOutput)
    defer { paged?.finish() }
    return answer(
      arguments: arguments, environment: environment, version: version, standardOutput: paged ?? standardOutput,
      standardError: standardError, describe: describe)
  }

  /// ``answerWithoutApp(arguments:environment:version:standardOutput:standardError:describe:)`` once standard
  /// output is decided.
  static func answer(
    arguments: [String], environment: [String: String], version: String, standardOutput: any TextStream,
    standardError: any TextStream, describe: (@Sendable (CLIOptions) throws -> [FeatureDescription])?
  ) -> Int32? {
    let options: CLIOptions
    let remaining: [String]
    do {
      (options, remaining) = try CLIOptions.parse(arguments, environment: environment)
    } catch {
      standardError.write(error.report)
      return CLIExitCode.usage.rawValue
    }
    let standardOutput: any TextStream = options.json ? JSONOutputStream(base: standardOutput) : standardOutput
    if remaining == ["--version"] {
      do {
        standardOutput.write(
          try versionText(
            version, settings: OutputSettings(json: options.json, jsonFields: options.jsonFields, jq: options.jq)))
      } catch {
        standardError.write(error.report)
        return CLIExitCode.usage.rawValue
      }
      return CLIExitCode.success.rawValue
    }
    if let help = BuiltinHelp.help(for: remaining) {
      standardOutput.write(help)
      return CLIExitCode.success.rawValue
    }
    guard let describe, !(remaining.first.map(groups.contains) ?? false) else { return nil }
    // An execution command line is answered here only when it asks for help (a bare group: `kumiki <feature-key>`).
    if purpose(of: remaining) == .execution {
      guard remaining.count == 1, let described = try? describe(options) else { return nil }
      let commands = AppCommand.described(described)
      let parser = CommandLineParser(commands: commands, features: MountedFeature.described(described))
      guard case .help(let topic) = try? parser.parse(parser.reclaimingJSONWord(options, remaining).remaining)
      else { return nil }
      standardOutput.write(
        HelpFormatter(commands: commands, features: MountedFeature.described(described)).text(for: topic))
      return CLIExitCode.success.rawValue
    }
    let described: [FeatureDescription]
    do {
      described = try describe(options)
    } catch {
      return report(error, to: standardError).rawValue
    }
    let commands = AppCommand.described(described)
    let features = MountedFeature.described(described)
    let invocation: Invocation
    do {
      invocation = try CommandLineParser(commands: commands, features: features).parse(remaining)
    } catch {
      standardError.write(error.report)
      return CLIExitCode.usage.rawValue
    }
    let settings = OutputSettings.resolve(
      options: options, environment: environment, standardOutput: standardOutput, standardError: standardError)
    let text: String?
    do {
      text = try introspectionText(
        invocation, commands: commands, features: features, settings: settings, version: version)
    } catch {
      standardError.write(error.report)
      return CLIExitCode.usage.rawValue
    }
    // A command to run: introspection arguments never name one (``purpose(of:)``).
    guard let text else { return nil }
    standardOutput.write(text)
    return CLIExitCode.success.rawValue
  }

  /// The text of an invocation that needs only the command list (version, help, completion, `features`); `nil` for
  /// a command to run.
  static func introspectionText(
    _ invocation: Invocation, commands: [AppCommand], features: [MountedFeature], settings: OutputSettings,
    version: String
  ) throws(UsageError) -> String? {
    switch invocation {
    case .version:
      return try versionText(version, settings: settings)
    case .manual:
      return ManualPage(commands: commands, features: features, version: version).text
    case .help(let topic):
      return HelpFormatter(commands: commands, features: features).text(for: topic)
    case .completion(let shell):
      return CompletionScript(commands: commands, features: features).script(for: shell)
    case .features:
      let catalog = FeatureCatalog(features: features, commands: commands)
      return settings.json
        ? try CLIOptions.jsonText(catalog.json, fields: settings.jsonFields, jq: settings.jq, command: "features")
        : TextRenderer(fit: settings.fit, color: settings.color).render(catalog.view)
    case .run:
      return nil
    }
  }

  /// `kumiki <version>`, or `{"version":"<version>"}` with `--json`; newline-terminated.
  static func versionText(_ version: String, settings: OutputSettings) throws(UsageError) -> String {
    guard settings.json else { return "kumiki \(TextLine.clean(version))\n" }
    return try CLIOptions.jsonText(
      .object([("version", .string(version))]), fields: settings.jsonFields, jq: settings.jq, command: "--version")
  }

  /// ``AppPurpose/introspection`` when the arguments ask only for help, `features`, a completion script or
  /// nothing at all (or start with an option, which is an error); else ``AppPurpose/execution``.
  /// The command groups `kumiki` answers itself, not a feature's: `kumiki help <group>` and `kumiki <group> --help`
  /// print the group's help and exit 0, with or without the app (a feature's group is answered from its commands).
  public static let groups = [
    CacheCommand.group, FixturesCommand.group, OutboxCommand.group, ReplayCommand.group, OpenCommand.group,
  ]

  static func purpose(of arguments: [String]) -> AppPurpose {
    let options = arguments.prefix { $0 != "--" }
    guard let first = arguments.first, !options.contains("--help"), !options.contains("-h") else {
      return .introspection
    }
    return CommandLineParser.builtins.contains(first) || first.hasPrefix("-") ? .introspection : .execution
  }

  /// `options` with its features narrowed to the one whose command `arguments` run, as the features' static
  /// descriptions parse them: a command reads and prints its own feature's slice, so the app builds that feature
  /// alone — no other feature's module, clients, persisted state or launch reads. `options` unchanged when there are
  /// no descriptions or they name no command to run (a usage error, `open ROUTE`): the app is built whole and says
  /// what it said before.
  static func selectingCommandFeature(
    _ options: CLIOptions, _ arguments: [String], describe: (@Sendable (CLIOptions) throws -> [FeatureDescription])?
  ) -> CLIOptions {
    guard let describe, let described = try? describe(options) else { return options }
    let parser = CommandLineParser(
      commands: AppCommand.described(described), features: MountedFeature.described(described))
    let (_, words) = parser.reclaimingJSONWord(options, arguments)
    guard case .run(let command, _)? = try? parser.parse(words) else { return options }
    var selected = options
    selected.features = [command.featureKey]
    return selected
  }

  /// Prints why the app could not be built; returns 64 for usage problems, else 1.
  static func report(_ error: any Error, to stream: any TextStream) -> CLIExitCode {
    switch error {
    case let error as UsageError:
      stream.write(error.report)
      return .usage
    case let error as CommandError:
      stream.write(UsageError(TextLine.clean(error.description)).report)
      return .usage
    case let error as RegistryError:
      if case .unknownFeature = error {
        stream.write(UsageError(TextLine.clean(error.description)).report)
        return .usage
      }
    default:
      break
    }
    let reason = TextLine.clean((error as? any LocalizedError)?.errorDescription ?? String(describing: error))
    stream.write("kumiki: \(reason.isEmpty ? "could not start" : reason)\n")
    return .failure
  }
}
