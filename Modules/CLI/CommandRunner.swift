import FeatureAssembly
import FeatureKit
import Presentation

/// Runs one feature command against a launched app: dispatches its actions in order, awaits the store settling
/// (no sleep, no polling), then prints its output as text or JSON.
///
/// - `CommandOutput.success` → the view rendered by ``TextRenderer`` (or `json.text` and a newline with `--json`)
///   on standard output; exit 0.
/// - `CommandOutput.failure(reason)` → `kumiki: <reason>` as one inert line on standard error, nothing on
///   standard output (JSON mode too); exit 1.
/// - The command's `actions` throwing `CommandError.usage` → the message and the command's usage line on standard
///   error; exit 64. Any other error thrown there → exit 1 with its description.
///
/// - A command that queued writes in the outbox (could not connect, the answer was lost, earlier changes wait;
///   ``queuedWrites``) has not failed: its change waits to be sent. `kumiki: queued — could not connect; 1 change
///   waiting to send …` goes to standard error and the exit status is 0; a failure the command reported (the queued write's own error) is not printed.
///
/// While waiting, a spinner may show on standard error (``OutputSettings/spinner``), after
/// ``OutputSettings/spinnerDelay``; it is erased before anything is printed.
public struct CommandRunner: Sendable {
  /// The app, already launched.
  public let app: AppRuntime
  /// How to print.
  public let settings: OutputSettings
  /// Data goes here.
  public let standardOutput: any TextStream
  /// Diagnostics, failures and the spinner go here.
  public let standardError: any TextStream
  /// How many writes the command queued in the outbox, how many wait now, and why the last was queued (`nil`: no
  /// outbox).
  public let queuedWrites: (@Sendable () -> (queued: Int, waiting: Int, reason: String?))?

  /// A runner for `app` printing with `settings` to the given streams.
  public init(
    app: AppRuntime, settings: OutputSettings, standardOutput: any TextStream, standardError: any TextStream,
    queuedWrites: (@Sendable () -> (queued: Int, waiting: Int, reason: String?))? = nil
  ) {
    self.app = app
    self.settings = settings
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.queuedWrites = queuedWrites
  }

  /// Runs `command` with `input` and returns the exit status.
  public func run(_ command: AppCommand, input: CommandInput) async -> CLIExitCode {
    let actions: [AppAction]
    do {
      actions = try command.actions(input)
    } catch let CommandError.usage(message) {
      standardError.write(ArgumentBinder.error(TextLine.clean(message), command).report)
      return .usage
    } catch {
      return fail(String(describing: error))
    }
    let clock = ContinuousClock()
    let start = clock.now
    let spinner =
      settings.spinner
      ? Spinner(
        stream: standardError, label: "kumiki \(command.name)", width: standardError.columns ?? 80,
        delay: settings.spinnerDelay)
      : nil
    for action in actions {
      if settings.verbose { standardError.write("kumiki: dispatch \(TextLine.clean(app.describe(action)))\n") }
      app.store.dispatch(action)
    }
    await app.store.settled()
    await spinner?.stop()
    if settings.verbose { standardError.write("kumiki: settled after \(clock.now - start)\n") }
    let output = command.output(app.store.state, input)
    if let (queued, waiting, reason) = queuedWrites?(), queued > 0 {
      if case .success(let view, let json) = output, let status = print(view, json, command) { return status }
      let changes = "\(waiting) \(waiting == 1 ? "change" : "changes") waiting to send"
      standardError.write(
        "kumiki: queued — \(TextLine.clean(reason ?? "not sent")); \(changes) (kumiki outbox lists them)\n")
      return .success
    }
    switch output {
    case .success(let view, let json):
      return print(view, json, command) ?? .success
    case .failure(let reason):
      return fail(reason)
    case .conflict(let message, let json):
      if settings.json, let status = print(.empty(""), json, command) { return status }
      standardError.write("kumiki: \(TextLine.clean(message))\n")
      return .conflict
    }
  }

  /// Prints the output; `nil`, or 64 when `--json FIELDS` or `--jq` does not fit the JSON (nothing printed).
  private func print(_ view: ViewNode<Never>, _ json: JSONValue, _ command: AppCommand) -> CLIExitCode? {
    if settings.json {
      do {
        standardOutput.write(
          try CLIOptions.jsonText(json, fields: settings.jsonFields, jq: settings.jq, command: command.name))
      } catch {
        standardError.write(error.report)
        return .usage
      }
    } else {
      standardOutput.write(TextRenderer(fit: settings.fit, color: settings.color).render(view))
    }
    return nil
  }

  func fail(_ reason: String) -> CLIExitCode {
    let line = TextLine.clean(reason)
    standardError.write("kumiki: \(line.isEmpty ? "failed" : line)\n")
    return .failure
  }
}
