import FeatureKit
import Foundation

/// `kumiki fixtures reset`: puts the embedded API's data back to the sample data (profile edits and other writes
/// the apps made on the embedded API live in a json file beside the database, and survive restarts until then).
enum FixturesCommand: String, MaintenanceCommand, Sendable {
  case reset

  static let group = "fixtures"

  static var flags: [(name: String, short: String?)] { [("--yes", "-y")] }

  /// What `reset` asks on a terminal before it runs.
  static let question = "Replace the embedded API's data with the sample data? The writes made to it are lost."

  /// The help of `kumiki fixtures`.
  static let help = """
    Manage the data of the embedded fixture API (used when no --api is given).

    USAGE: kumiki fixtures reset [--yes]

    SUBCOMMANDS:
      reset   Replace the embedded API's data with the sample data (your writes to it are lost).

    The embedded API keeps its data, with every write the apps make, in a json file beside the database
    (kumiki.sqlite → kumiki-api.json), as json-server does with db.json. A running kumiki-tui serves it: quit it
    first. A file that does not load (damaged, too big) is kept beside it as kumiki-api.json.corrupt-<time>;
    something that is not a file (a directory, a FIFO) is never replaced: move it away.

    On a terminal, reset asks first; elsewhere (a script, a pipe) it needs --yes (-y) and exits 64 without it.

    EXIT CODES:
      0   Success.
      1   Failure, with a one-line reason on standard error, or the question answered no.
      64  Usage error: an unknown subcommand or option, or no --yes when standard input is not a terminal.

    EXAMPLES:
      kumiki fixtures reset
      kumiki fixtures reset --yes

    """

  /// Runs the subcommand: `reset(options)` returns the file it reset. Failures print one line and return 1.
  ///
  /// Without `--yes` it asks first with `confirm` (``Confirmation/askOnTerminal(_:standardError:)``): no
  /// terminal to ask on is a usage error (64), a no is 1; nothing is reset either way.
  func run(
    _ reset: @Sendable (CLIOptions) async throws -> String, flags: Set<String>, options: CLIOptions,
    standardOutput: any TextStream, standardError: any TextStream,
    confirm: @Sendable (String, any TextStream) -> Bool?
  ) async -> CLIExitCode {
    if !flags.contains("--yes") {
      switch confirm(Self.question, standardError) {
      case nil:
        standardError.write(
          UsageError(
            "fixtures reset: standard input is not a terminal, so it cannot ask; pass --yes to reset without asking",
            details: ["Usage: kumiki fixtures reset --yes"]
          ).report)
        return .usage
      case false?:
        standardError.write("kumiki: fixtures reset: cancelled; nothing was changed\n")
        return .failure
      case true?:
        break
      }
    }
    do {
      let file = try await reset(options)
      standardOutput.write(
        options.json
          ? try options.jsonText(.object([("reset", .string(file))]), command: "fixtures reset")
          : "The embedded API's data at \(TextLine.clean(file)) is the sample data again.\n")
      return .success
    } catch let error as UsageError {
      standardError.write(error.report)
      return .usage
    } catch let error as CommandError {
      standardError.write(UsageError(TextLine.clean("fixtures \(rawValue): \(error.description)")).report)
      return .usage
    } catch {
      standardError.write("kumiki: fixtures \(rawValue): \(TextLine.clean(String(describing: error)))\n")
      return .failure
    }
  }
}
