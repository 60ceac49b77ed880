/// How a run prints: JSON or text, colour, fit, spinner and diagnostics — resolved once from the options, the
/// environment and the streams with ``OutputPolicy``.
public struct OutputSettings: Sendable, Equatable {
  /// Print the command's JSON instead of text.
  public var json: Bool
  /// Style text output with SGR sequences.
  public var color: Bool
  /// How text output fits its destination (a terminal's width, `COLUMNS`, or unlimited).
  public var fit: TextFit
  /// Show a spinner on standard error while waiting.
  public var spinner: Bool
  /// How long a wait lasts before the spinner appears.
  public var spinnerDelay: Duration
  /// Print diagnostics on standard error.
  public var verbose: Bool
  /// `--json FIELDS`: the fields of the JSON kept (empty: all).
  public var jsonFields: [String] = []
  /// `--jq EXPR`: the filter the JSON goes through.
  public var jq: String?

  /// Explicit settings; the defaults are plain unlimited text (as into a pipe), no spinner, no diagnostics.
  public init(
    json: Bool = false, color: Bool = false, fit: TextFit = .unlimited, spinner: Bool = false,
    spinnerDelay: Duration = .milliseconds(300), verbose: Bool = false, jsonFields: [String] = [], jq: String? = nil
  ) {
    self.jsonFields = jsonFields
    self.jq = jq
    self.json = json
    self.color = color
    self.fit = fit
    self.spinner = spinner
    self.spinnerDelay = spinnerDelay
    self.verbose = verbose
  }

  /// The settings for `options` in `environment`, writing to `standardOutput` and `standardError`. Colour is never
  /// used with `--json`.
  public static func resolve(
    options: CLIOptions, environment: [String: String], standardOutput: any TextStream,
    standardError: any TextStream
  ) -> OutputSettings {
    OutputSettings(
      json: options.json,
      color: !options.json
        && OutputPolicy.colorEnabled(
          stdoutIsTerminal: standardOutput.isTerminal, environment: environment, mode: options.color),
      fit: OutputPolicy.fit(
        environment: environment, stdoutIsTerminal: standardOutput.isTerminal,
        terminalColumns: standardOutput.columns),
      spinner: OutputPolicy.spinnerEnabled(stderrIsTerminal: standardError.isTerminal, environment: environment),
      verbose: options.verbose,
      jsonFields: options.jsonFields,
      jq: options.jq
    )
  }
}
