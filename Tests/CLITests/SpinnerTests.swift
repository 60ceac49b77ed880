import Testing

@testable import CLI

@Suite struct SpinnerTests {
  @Test func stoppedBeforeItsDelayItNeverDraws() async {
    let stream = CapturedStream(isTerminal: true)
    let spinner = Spinner(stream: stream, label: "kumiki home", delay: .seconds(3600))
    await spinner.stop()
    #expect(stream.text == "")
  }

  @Test func drawsAfterItsDelayAndErasesItsLineWhenStopped() async {
    let drawn = Gate()
    let stream = CapturedStream(isTerminal: true) { _ in drawn.open() }
    let spinner = Spinner(stream: stream, label: "kumiki \u{1B}[2J", delay: .zero)
    await drawn.wait()
    await spinner.stop()
    #expect(stream.text.hasPrefix("\r| kumiki ^[[2J"))
    #expect(stream.text.hasSuffix("\r\u{1B}[K"))
  }
}
