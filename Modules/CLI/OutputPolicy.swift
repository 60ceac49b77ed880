import FeatureKit

/// When text output is coloured, when a spinner may be drawn, and how text output fits — pure functions of the
/// streams' nature, the environment and the flags (clig.dev, no-color.org).
public enum OutputPolicy {
  /// Colour as `mode` says: `always`, `never`, or (`auto`) only when standard output is a terminal, `TERM` is set
  /// and not `dumb`, and `NO_COLOR` is unset or empty.
  public static func colorEnabled(
    stdoutIsTerminal: Bool, environment: [String: String], mode: ColorMode
  ) -> Bool {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto:
      guard stdoutIsTerminal, capableTerminal(environment) else { return false }
      return (environment["NO_COLOR"] ?? "").isEmpty
    }
  }

  /// A spinner only when standard error is a terminal and `TERM` is set and not `dumb` (it is never written to
  /// a pipe or a file, and never to standard output). `NO_COLOR` does not affect it: it has no colour.
  public static func spinnerEnabled(stderrIsTerminal: Bool, environment: [String: String]) -> Bool {
    stderrIsTerminal && capableTerminal(environment)
  }

  /// How text output fits (``TextFit``): on a terminal, `COLUMNS` when it is a number from 1 to 10,000 (read by
  /// `BoundedNumber`), else the terminal's width, else 80; not on a terminal, wrapped to `COLUMNS` when set, else
  /// unlimited. Widths are never less than 20.
  public static func fit(environment: [String: String], stdoutIsTerminal: Bool, terminalColumns: Int?) -> TextFit {
    let columns = environment["COLUMNS"].flatMap { try? BoundedNumber.integer($0, in: 1...10_000).get() }
    guard stdoutIsTerminal else { return columns.map { .wrap(columns: max(20, $0)) } ?? .unlimited }
    return .terminal(columns: max(20, columns ?? terminalColumns.map { min($0, 10_000) } ?? 80))
  }

  static func capableTerminal(_ environment: [String: String]) -> Bool {
    let term = environment["TERM"] ?? ""
    return !term.isEmpty && term != "dumb"
  }
}
