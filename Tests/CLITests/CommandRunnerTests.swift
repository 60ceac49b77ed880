import CLI
import FeatureAssembly
import FeatureKit
import Testing

@Suite struct CommandRunnerTests {
  func command(_ app: AppRuntime, _ words: String) throws -> AppCommand {
    try #require(app.commands.first { $0.words.joined(separator: " ") == words })
  }

  @Test func dispatchesAwaitsTheEffectAndPrintsTheTable() async throws {
    let app = try makeTestApp()
    await app.launch()
    let out = CapturedStream()
    let err = CapturedStream()
    let runner = CommandRunner(
      app: app, settings: OutputSettings(fit: .terminal(columns: 80)), standardOutput: out, standardError: err)
    let status = await runner.run(
      try command(app, "catalogue list"), input: CommandInput(values: ["category": "drink"]))
    #expect(status == .success)
    #expect(out.text == "ID  Name  Price\n--  ----  -----\n 3  緑茶    200\n")
    #expect(err.text == "")
  }

  @Test func jsonModePrintsTheJSONTextAndANewline() async throws {
    let app = try makeTestApp()
    let out = CapturedStream()
    let runner = CommandRunner(
      app: app, settings: OutputSettings(json: true), standardOutput: out, standardError: CapturedStream())
    let status = await runner.run(try command(app, "catalogue list"), input: CommandInput(values: ["keyword": "茶"]))
    #expect(status == .success)
    #expect(out.text == #"{"items":[{"id":"3","name":"緑茶","price":200}],"page":1}"# + "\n")
  }

  @Test func failureIsOneInertLineOnStandardErrorEvenInJSONMode() async throws {
    let app = try makeTestApp()
    for json in [false, true] {
      let out = CapturedStream()
      let err = CapturedStream()
      let runner = CommandRunner(
        app: app, settings: OutputSettings(json: json), standardOutput: out, standardError: err)
      #expect(await runner.run(try command(app, "catalogue broken"), input: CommandInput()) == .failure)
      #expect(out.text == "")
      #expect(err.text == "kumiki: cannot connect to http://127.0.0.1:9 connection refused\n")
    }
  }

  @Test func usageErrorFromTheCommandsActionsIs64WithItsUsage() async throws {
    let app = try makeTestApp()
    let err = CapturedStream()
    let runner = CommandRunner(
      app: app, settings: OutputSettings(), standardOutput: CapturedStream(), standardError: err)
    let status = await runner.run(try command(app, "counter add"), input: CommandInput(values: ["amount": "five"]))
    #expect(status == .usage)
    #expect(
      err.text
        == "kumiki: amount must be a whole number, got 'five'\nUsage: kumiki counter add <amount> [--quiet]\n"
        + "See 'kumiki counter add --help'.\n")
  }

  @Test func verboseDescribesDispatchedActionsOnStandardError() async throws {
    let app = try makeTestApp()
    let out = CapturedStream()
    let err = CapturedStream()
    let runner = CommandRunner(
      app: app, settings: OutputSettings(verbose: true), standardOutput: out, standardError: err)
    #expect(await runner.run(try command(app, "counter add"), input: CommandInput(values: ["amount": "2"])) == .success)
    #expect(out.text == "Count: 2\n")
    #expect(err.text.hasPrefix("kumiki: dispatch counter: add(2)\nkumiki: settled after "))
  }

  @Test func spinnerShowsOnATerminalWhileWaitingAndIsErasedBeforeOutput() async throws {
    let gate = Gate()
    let app = try makeTestApp(gate: gate)
    let out = CapturedStream()
    // The slow effect finishes only once the spinner has drawn: no timing assumption.
    let err = CapturedStream(isTerminal: true) { _ in gate.open() }
    let runner = CommandRunner(
      app: app, settings: OutputSettings(spinner: true, spinnerDelay: .zero), standardOutput: out, standardError: err)
    #expect(await runner.run(try command(app, "catalogue slow"), input: CommandInput()) == .success)
    #expect(err.text.hasPrefix("\r| kumiki catalogue slow"))
    #expect(err.text.hasSuffix("\r\u{1B}[K"))
    #expect(out.text == "3 items\n")
  }

  @Test func noSpinnerWhenSettledBeforeTheDelay() async throws {
    let app = try makeTestApp()
    let err = CapturedStream(isTerminal: true)
    let runner = CommandRunner(
      app: app, settings: OutputSettings(spinner: true, spinnerDelay: .seconds(3600)), standardOutput: CapturedStream(),
      standardError: err)
    #expect(await runner.run(try command(app, "catalogue list"), input: CommandInput()) == .success)
    #expect(err.text == "")
  }

  @Test func hostileOutputIsInert() async throws {
    let app = try makeTestApp()
    let out = CapturedStream()
    let runner = CommandRunner(
      app: app, settings: OutputSettings(fit: .terminal(columns: 80)), standardOutput: out,
      standardError: CapturedStream())
    #expect(await runner.run(try command(app, "catalogue hostile"), input: CommandInput()) == .success)
    #expect(out.text == "clip ^[]52;c;aGFjaw==^G end\n\nName\n----------\n^[[2Jwiped\n\u{FFFD}exe.txt\u{FFFD}\n")
  }
}
