import CLI
import Testing

@Suite struct OutputPolicyTests {
  struct ColorCase: Sendable, CustomTestStringConvertible {
    var tty: Bool
    var environment: [String: String]
    var mode: ColorMode
    var expected: Bool
    var testDescription: String { "tty=\(tty) env=\(environment) --color=\(mode) → \(expected)" }
  }

  static let colorCases: [ColorCase] = [
    ColorCase(tty: true, environment: ["TERM": "xterm-256color"], mode: .auto, expected: true),
    ColorCase(tty: false, environment: ["TERM": "xterm-256color"], mode: .auto, expected: false),
    ColorCase(tty: true, environment: ["TERM": "dumb"], mode: .auto, expected: false),
    ColorCase(tty: true, environment: [:], mode: .auto, expected: false),
    ColorCase(tty: true, environment: ["TERM": "xterm", "NO_COLOR": "1"], mode: .auto, expected: false),
    ColorCase(tty: true, environment: ["TERM": "xterm", "NO_COLOR": ""], mode: .auto, expected: true),
    ColorCase(tty: true, environment: ["TERM": "xterm"], mode: .never, expected: false),
    ColorCase(tty: false, environment: ["TERM": "dumb", "NO_COLOR": "1"], mode: .never, expected: false),
    // An explicit --color=always wins over everything: a pipe, a dumb terminal, NO_COLOR.
    ColorCase(tty: false, environment: ["TERM": "dumb", "NO_COLOR": "1"], mode: .always, expected: true),
    ColorCase(tty: true, environment: ["TERM": "xterm"], mode: .always, expected: true),
  ]

  @Test(arguments: colorCases) func colorPolicy(_ row: ColorCase) {
    #expect(
      OutputPolicy.colorEnabled(stdoutIsTerminal: row.tty, environment: row.environment, mode: row.mode)
        == row.expected)
  }

  @Test func spinnerOnlyOnATerminalThatIsNotDumb() {
    #expect(OutputPolicy.spinnerEnabled(stderrIsTerminal: true, environment: ["TERM": "xterm"]))
    #expect(OutputPolicy.spinnerEnabled(stderrIsTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    #expect(!OutputPolicy.spinnerEnabled(stderrIsTerminal: false, environment: ["TERM": "xterm"]))
    #expect(!OutputPolicy.spinnerEnabled(stderrIsTerminal: true, environment: ["TERM": "dumb"]))
    #expect(!OutputPolicy.spinnerEnabled(stderrIsTerminal: true, environment: [:]))
  }

  func fit(_ environment: [String: String], terminal: Bool = true, columns: Int? = nil) -> TextFit {
    OutputPolicy.fit(environment: environment, stdoutIsTerminal: terminal, terminalColumns: columns)
  }

  @Test func onATerminalTheWidthIsColumnsThenTheTerminalsThen80() {
    #expect(fit(["COLUMNS": "120"], columns: 100) == .terminal(columns: 120))
    #expect(fit(["COLUMNS": "wide"], columns: 100) == .terminal(columns: 100))
    #expect(fit(["COLUMNS": "0"]) == .terminal(columns: 80))
    #expect(fit([:]) == .terminal(columns: 80))
    #expect(fit(["COLUMNS": "5"]) == .terminal(columns: 20))
    // Read by BoundedNumber: a huge value is not a width (no table of 10^18 columns).
    #expect(fit(["COLUMNS": "9223372036854775807"]) == .terminal(columns: 80))
    #expect(fit(["COLUMNS": "1e9"], columns: 100) == .terminal(columns: 100))
  }

  /// Issue 26: `kumiki features | cat` ended in `...`. Not on a terminal nothing is cut: wrapped to COLUMNS when
  /// set, else unlimited.
  @Test func notOnATerminalNothingIsCutWrappedToColumnsWhenSet() {
    #expect(fit([:], terminal: false) == .unlimited)
    #expect(fit([:], terminal: false, columns: 100) == .unlimited)
    #expect(fit(["COLUMNS": "wide"], terminal: false) == .unlimited)
    #expect(fit(["COLUMNS": "60"], terminal: false) == .wrap(columns: 60))
    #expect(fit(["COLUMNS": "5"], terminal: false) == .wrap(columns: 20))
  }
}
