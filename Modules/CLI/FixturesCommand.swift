import FeatureKit
import Foundation

/// `kumiki fixtures reset`: puts the embedded API's data back to the sample data (profile edits and other writes
/// the apps made on the embedded API live in a json file beside the database, and survive restarts until then).
enum FixturesCommand: String, MaintenanceCommand, Sendable {
  case reset

  static let group = "fixtures"

  /// The help of `kumiki fixtures`.
  static let help = """
    Manage the data of the embedded fixture API (used when no --api is given).

    USAGE: kumiki fixtures reset

    SUBCOMMANDS:
      reset   Replace the embedded API's data with the sample data (your writes to it are lost).

    The embedded API keeps its data, with every write the apps make, in a json file beside the database
    (kumiki.sqlite → kumiki-api.json), as json-server does with db.json. A running kumiki-tui serves it: quit it
    first. A file that does not load (damaged, too big) is kept beside it as kumiki-api.json.corrupt-<time>;
    something that is not a file (a directory, a FIFO) is never replaced: move it away.

    EXIT CODES:
      0   Success.
      1   Failure, with a one-line reason on standard error.
      64  Usage error: an unknown subcommand or option.

    EXAMPLES:
      kumiki fixtures reset

    """

  /// Runs the subcommand: `reset(options)` returns the file it reset. Failures print one line and return 1.
  func run(
    _ reset: @Sendable (CLIOptions) async throws -> String, options: CLIOptions, standardOutput: any TextStream,
    standardError: any TextStream
  ) async -> CLIExitCode {
    do {
      let file = try await reset(options)
      standardOutput.write(
        options.json
          ? JSONValue.object([("reset", .string(file))]).text + "\n"
          : "The embedded API's data at \(TextLine.clean(file)) is the sample data again.\n")
      return .success
    } catch let error as CommandError {
      standardError.write(UsageError(TextLine.clean("fixtures \(rawValue): \(error.description)")).report)
      return .usage
    } catch {
      standardError.write("kumiki: fixtures \(rawValue): \(TextLine.clean(String(describing: error)))\n")
      return .failure
    }
  }
}
