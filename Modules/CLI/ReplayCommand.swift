import ActionLog
import FeatureAssembly
import FeatureKit
import Foundation
import Sessions
import Terminal

/// `kumiki replay FILE [--until N] [--emit-test NAME --feature KEY [--output PATH] [--force]]`: replays a recorded
/// session headless and prints each feature's final state (text, or `--json`), or writes a Swift Testing test of one
/// feature from it (see `Modules/Sessions/README.md`).
struct ReplayCommand: Equatable, Sendable {
  /// The recording's path.
  var file: String
  /// Stop after this action (`--until`).
  var until: Int?
  /// `--emit-test NAME --feature KEY`: write a test instead of printing states.
  var emit: Emit?

  struct Emit: Equatable, Sendable {
    var name: String
    var feature: String
    /// `--output`: a file, or a directory for `<name>.swift`; `nil` for `./<name>.swift`.
    var output: String?
    var force: Bool
  }

  static let group = "replay"

  static let usage = [
    "Usage: kumiki replay <file> [--until <n>] [--json]",
    "       kumiki replay <file> --emit-test <name> --feature <key> [--output <path>] [--force] [--until <n>]",
  ]

  /// The help of `kumiki replay`.
  static let help = """
    Replay a recorded session headless: print each feature's final state, or write a test from it.

    USAGE: kumiki replay <file> [--until <n>] [--json]
           kumiki replay <file> --emit-test <name> --feature <key> [--output <path>] [--force] [--until <n>]

    ARGUMENTS:
      <file>              A recording: `kumiki-tui --record FILE`, or DevTools' export (`e` in its panel).

    OPTIONS:
      --until <n>         Stop after action <n> (the "seq" of its line).
      --emit-test <name>  Write a Swift Testing suite <name> for one feature instead of printing states. <name>
                          must be a Swift type name (ASCII letters, digits, _; not a keyword).
      --feature <key>     The feature the test is for, a recorded key (archive, curry, profile, ...).
      --output <path>     Where the test goes: a file, or a directory for <name>.swift (default: ./<name>.swift).
                          Only a new path or a regular file is written: a symbolic link, a device, a FIFO or a
                          directory given as the file is refused and left as it is (73).
      --force             Replace an existing test file (a regular file; see --output).
      --features <list>   Must name the recorded features, if given (default: the recording's).
      --json              Print {"actions":<n>,"states":{"<key>":<state>,...}} (keys sorted) on one line.
      -h, --help          Show this help.

    Replaying runs the features' reducers only: nothing is sent to the network and nothing is written to a
    database; what effects answered during the session is in the recording as actions. A file replays to the same
    bytes every time.

    The test is a TestStore over the feature's reducer: it sends the recorded user actions, receives the recorded
    effect results (played back by Middleware.scripted) and asserts each state change. Put it in the feature's
    test target (Tests/<Module>Tests) and run `make test MODULE=<Module>`. Text from the recording (its header,
    its file name, actions and states) is written into the test only inside string literals, escaped, never as
    code or comments. Like the recording, the test holds the session's data: it is created with mode 0600.

    Saw a bug? Record it (kumiki-tui --record bug.jsonl), replay it (--until <n> to find the step), emit a test,
    change the step where the state went wrong to what it should have been, watch the test fail, fix the feature.

    EXIT CODES:
      0   Success.
      64  Usage error (an --emit-test <name> that is not a Swift type name, a --feature that is not a key), or
          --features/--until/--feature that do not fit the recording.
      65  The recording is malformed, or an action no longer decodes (a recording from an older schema).
      66  The file cannot be read.
      73  The test file cannot be written: it exists without --force, it is not a regular file (a symbolic link,
          a device, a FIFO, a directory), or the system refused.

    EXAMPLES:
      kumiki replay session.jsonl
      kumiki replay session.jsonl --until 12 --json
      kumiki replay session.jsonl --emit-test ArchiveCurrySearch --feature archive --output Tests/ArchiveFeatureTests/

    """

  /// The command asked for by `arguments` (after `replay`), `nil` for help.
  static func parse(_ arguments: [String]) throws(UsageError) -> ReplayCommand? {
    var file: String?
    var until: Int?
    var name: String?
    var feature: String?
    var output: String?
    var force = false
    var index = 0
    var optionsEnded = false
    func fail(_ message: String) -> UsageError { UsageError(message, details: usage) }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        guard file == nil else { throw fail("unexpected argument '\(TextLine.clean(argument))'") }
        file = argument
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" || argument == "--help" { return nil }
      let (option, inline) = CLIOptions.split(argument)
      func value() throws(UsageError) -> String {
        if let inline { return inline }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
          throw fail("missing value for \(option)")
        }
        index += 1
        return arguments[index - 1]
      }
      switch option {
      case "--until":
        let text = try value()
        guard let number = try? BoundedNumber.integer(text, in: 1...Int.max).get() else {
          throw fail("--until must be a positive action number, got '\(TextLine.clean(text))'")
        }
        until = number
      case "--emit-test": name = try value()
      case "--feature": feature = try value()
      case "--output": output = try value()
      case "--force":
        guard inline == nil else { throw fail("--force takes no value") }
        force = true
      default:
        var error = fail("unknown option '\(TextLine.clean(argument))'")
        let known = ["--until", "--emit-test", "--feature", "--output", "--force"] + CLIOptions.names
        if let suggestion = Suggester.suggestion(for: CLIOptions.split(argument).name, among: known) {
          error.details.insert("Did you mean '\(suggestion)'?", at: 0)
        }
        throw error
      }
    }
    guard let file else { throw fail("missing argument <file>") }
    guard let name else {
      if feature != nil || output != nil || force {
        let given = feature != nil ? "--feature" : output != nil ? "--output" : "--force"
        throw fail("\(given) goes with --emit-test <name>")
      }
      return ReplayCommand(file: file, until: until)
    }
    guard let feature else { throw fail("--emit-test needs --feature <key>: the feature the test is for") }
    do {
      try SessionTestWriter.checkName(name)
    } catch {
      throw fail(TextLine.clean(error.description))
    }
    guard Self.isFeatureKey(feature) else {
      throw fail("--feature must be a feature key (letters, digits, . _ : -), got '\(TextLine.clean(feature))'")
    }
    return ReplayCommand(
      file: file, until: until, emit: Emit(name: name, feature: feature, output: output, force: force))
  }

  /// Replays and prints, or writes the test. Failures print one line `kumiki replay: <reason>` and return the
  /// status of their kind (see ``CLIExitCode``).
  func run(
    options: CLIOptions, standardOutput: any TextStream, standardError: any TextStream,
    makeApp: (CLIOptions, AppPurpose) async throws -> AppRuntime
  ) async -> CLIExitCode {
    do {
      let recording = try SessionRecording(contentsOf: file)
      var everything = options
      everything.features = []
      let full = try await makeApp(everything, .replay)
      let available = full.features.map(\.key)
      let keys = try SessionReplay.features(
        recorded: recording.header?.features, requested: options.features, available: available)
      var selected = options
      selected.features = keys
      let app = keys.isEmpty || keys == available ? full : try await makeApp(selected, .replay)
      if let dropped = recording.header?.dropped, dropped > 0 {
        standardError.write(
          "kumiki replay: warning: the recording starts after \(dropped) action(s) it does not hold (a DevTools "
            + "export after its history was full): states are replayed from the start and may differ\n")
      }
      if let emit {
        return try writeTest(emit, recording: recording, app: app, options: options, standardOutput: standardOutput)
      }
      let records = try SessionReplay.run(recording, in: app, until: until)
      if options.json {
        standardOutput.write(try SessionStates.json(app: app, actions: records.count) + "\n")
      } else {
        let by = recording.header?.recordedBy.map { ", recorded by \($0)" } ?? ""
        let summary = "Replayed \(records.count) of \(recording.records.count) actions from \(file)\(by).\n\n"
        standardOutput.write(TextSanitizer.inert(summary + (try SessionStates.text(app: app)), keepingLineBreaks: true))
      }
      return .success
    } catch let error as SessionError {
      standardError.write("kumiki replay: \(TextLine.clean(error.description))\n")
      return Self.exitCode(error.kind)
    } catch let error as UsageError {
      standardError.write(error.report)
      return .usage
    } catch {
      return KumikiCLI.report(error, to: standardError)
    }
  }

  /// Writes the test file and prints what it holds.
  func writeTest(
    _ emit: Emit, recording: SessionRecording, app: AppRuntime, options: CLIOptions, standardOutput: any TextStream
  ) throws -> CLIExitCode {
    let base = URL(fileURLWithPath: file).lastPathComponent
    let command =
      "kumiki replay \(base) --emit-test \(emit.name) --feature \(emit.feature)"
      + (until.map { " --until \($0)" } ?? "")
    let writer = try SessionTestWriter(name: emit.name, feature: emit.feature, command: command)
    let output = try writer.write(recording, app: app, until: until)
    let path = Self.outputPath(emit)
    if let refusal = SessionFile.refusal(for: path) {
      throw SessionError(.cannotCreate, "cannot write \(path): \(refusal)")
    }
    if FileManager.default.fileExists(atPath: path) && !emit.force {
      throw SessionError(.cannotCreate, "\(path) exists; pass --force to overwrite it")
    }
    do {
      // Private (0600) like the recording, a regular file or a new path only, replaced whole.
      try SessionFile.write(Data(output.source.utf8), to: path, replacing: emit.force)
    } catch {
      guard case .cannotCreate(_, let reason) = error else { throw SessionError(.cannotCreate, error.description) }
      throw SessionError(.cannotCreate, "cannot write \(path): \(reason)")
    }
    let sent = output.steps.filter { $0.kind == .send }.count
    if options.json {
      standardOutput.write(
        JSONValue.object([
          ("file", .string(path)), ("feature", .string(emit.feature)), ("module", .string(output.module)),
          ("steps", .int(output.steps.count)), ("sent", .int(sent)), ("received", .int(output.steps.count - sent)),
        ]).text + "\n")
    } else {
      standardOutput.write(
        TextSanitizer.inert(
          "Wrote \(path): \(output.steps.count) steps of \(emit.feature) (\(sent) sent, "
            + "\(output.steps.count - sent) received).\n"
            + "It belongs in Tests/\(output.module)Tests/; run it with: make test MODULE=\(output.module)\n",
          keepingLineBreaks: true))
    }
    return .success
  }

  /// `--output` as a file path: a directory (existing, or written with a trailing `/`) gets `<name>.swift`.
  static func outputPath(_ emit: Emit) -> String {
    guard let output = emit.output, !output.isEmpty else { return emit.name + ".swift" }
    var isDirectory: ObjCBool = false
    if output.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      return (output.hasSuffix("/") ? output : output + "/") + emit.name + ".swift"
    }
    return output
  }

  /// Whether `text` can be a feature key: the plain words completion scripts accept (`[A-Za-z0-9._:-]`).
  static func isFeatureKey(_ text: String) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._:-".unicodeScalars.contains($0))
      }
  }

  static func exitCode(_ kind: SessionError.Kind) -> CLIExitCode {
    switch kind {
    case .usage: .usage
    case .noInput: .noInput
    case .data: .dataError
    case .cannotCreate: .cannotCreate
    }
  }
}
