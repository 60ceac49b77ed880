import CLI
import Testing

@Suite struct OutputPolicyTests {
  struct ColorCase: Sendable, CustomTestStringConvertible {
    var tty: Bool
    var environment: [String: String]
    var flag: Bool
    var expected: Bool
    var testDescription: String { "tty=\(tty) env=\(environment) --no-color=\(flag) → \(expected)" }
  }

  static let colorCases: [ColorCase] = [
    ColorCase(tty: true, environment: ["TERM": "xterm-256color"], flag: false, expected: true),
    ColorCase(tty: false, environment: ["TERM": "xterm-256color"], flag: false, expected: false),
    ColorCase(tty: true, environment: ["TERM": "dumb"], flag: false, expected: false),
    ColorCase(tty: true, environment: [:], flag: false, expected: false),
    ColorCase(tty: true, environment: ["TERM": "xterm", "NO_COLOR": "1"], flag: false, expected: false),
    ColorCase(tty: true, environment: ["TERM": "xterm", "NO_COLOR": ""], flag: false, expected: true),
    ColorCase(tty: true, environment: ["TERM": "xterm"], flag: true, expected: false),
    ColorCase(tty: false, environment: ["TERM": "dumb", "NO_COLOR": "1"], flag: true, expected: false),
  ]

  @Test(arguments: colorCases) func colorPolicy(_ row: ColorCase) {
    #expect(
      OutputPolicy.colorEnabled(stdoutIsTerminal: row.tty, environment: row.environment, noColorFlag: row.flag)
        == row.expected)
  }

  @Test func spinnerOnlyOnATerminalThatIsNotDumb() {
    #expect(OutputPolicy.spinnerEnabled(stderrIsTerminal: true, environment: ["TERM": "xterm"]))
    #expect(OutputPolicy.spinnerEnabled(stderrIsTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]))
    #expect(!OutputPolicy.spinnerEnabled(stderrIsTerminal: false, environment: ["TERM": "xterm"]))
    #expect(!OutputPolicy.spinnerEnabled(stderrIsTerminal: true, environment: ["TERM": "dumb"]))
    #expect(!OutputPolicy.spinnerEnabled(stderrIsTerminal: true, environment: [:]))
  }

  @Test func widthFromColumnsThenTerminalThen80() {
    #expect(OutputPolicy.width(environment: ["COLUMNS": "120"], terminalColumns: 100) == 120)
    #expect(OutputPolicy.width(environment: ["COLUMNS": "wide"], terminalColumns: 100) == 100)
    #expect(OutputPolicy.width(environment: ["COLUMNS": "0"], terminalColumns: nil) == 80)
    #expect(OutputPolicy.width(environment: [:], terminalColumns: nil) == 80)
    #expect(OutputPolicy.width(environment: ["COLUMNS": "5"], terminalColumns: nil) == 20)
    // Read by BoundedNumber: a huge value is not a width (no table of 10^18 columns).
    #expect(OutputPolicy.width(environment: ["COLUMNS": "9223372036854775807"], terminalColumns: nil) == 80)
    #expect(OutputPolicy.width(environment: ["COLUMNS": "1e9"], terminalColumns: 100) == 100)
  }
}
