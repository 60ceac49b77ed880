import CLI
import Testing

@Suite struct OutputSettingsTests {
  @Test func resolvedFromStreamsEnvironmentAndOptions() {
    let terminal = CapturedStream(isTerminal: true, columns: 132)
    let pipe = CapturedStream()
    let environment = ["TERM": "xterm"]
    let onTerminal = OutputSettings.resolve(
      options: CLIOptions(verbose: true), environment: environment, standardOutput: terminal, standardError: terminal)
    #expect(onTerminal == OutputSettings(color: true, fit: .terminal(columns: 132), spinner: true, verbose: true))
    let piped = OutputSettings.resolve(
      options: CLIOptions(), environment: environment, standardOutput: pipe, standardError: pipe)
    #expect(piped == OutputSettings())
  }

  @Test func colorAlwaysColoursAPipeButNeverJSON() {
    let pipe = CapturedStream()
    let always = OutputSettings.resolve(
      options: CLIOptions(color: .always), environment: [:], standardOutput: pipe, standardError: pipe)
    #expect(always.color)
    let json = OutputSettings.resolve(
      options: CLIOptions(json: true, color: .always), environment: [:], standardOutput: pipe, standardError: pipe)
    #expect(!json.color)
  }

  @Test func jsonIsNeverColoured() {
    let terminal = CapturedStream(isTerminal: true)
    let settings = OutputSettings.resolve(
      options: CLIOptions(json: true), environment: ["TERM": "xterm"], standardOutput: terminal, standardError: terminal
    )
    #expect(settings.json && !settings.color)
  }
}
