import ArgumentParser
import CompositionRoot
import FeatureKit
import Foundation
import TUI
import Terminal

/// `kumiki-bench keystroke`: the cost of one keystroke in a focused text field, as the TUI's loop pays it — handle
/// the key (presenting the screen for focus), dispatch the field's `change`, reduce, present, lay out the frame and
/// diff-render it — on a 200×60 screen: the live app (embedded fixture API, a temporary database), the Archive tab
/// with its first page of results, a character appended at the end of the keyword field.
///
/// The store's clock is held still, so the search the typing schedules never runs during the measurement: the
/// figure is the keystroke, not the search.
///
/// The workload names the sample Archive feature on purpose (allowed in Scripts/check-deps): its keyword field over
/// a page of results is the heaviest screen a keystroke redraws, and the figures in Benchmarks/README.md compare
/// runs of this same screen side by side; a screen picked from the registry would change with the features.
struct KeystrokeBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keystroke",
    abstract: "Measure one keystroke in a focused text field on a 200x60 screen (dispatch, present, render, bytes)."
  )

  @Option(help: "Keystrokes to measure.")
  var keystrokes: Int = 2_000

  func run() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "kumiki-keystroke-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let live = try await LiveApp.start(
      LaunchOptions(
        databasePath: directory.appending(path: "kumiki.sqlite").path, features: ["archive"], clock: StillClock()))
    let app = live.runtime
    let slot = try require(TUIApp.screens(of: app).first?.slot, "no Archive screen")
    app.appear(slot: slot)
    // Archive keeps observing its saved items for the app's lifetime, so wait for the results on screen, not for
    // every effect to end.
    let deadline = ContinuousClock.now + .seconds(30)
    while TUIApp.content(app: app, state: TUIState(size: Size(width: 200, height: 60)), history: [])?.containsSpinner
      != false
    {
      guard ContinuousClock.now < deadline else { throw ValidationError("the Archive results did not load") }
      try await Task.sleep(for: .milliseconds(5))
    }

    var state = TUIState(size: Size(width: 200, height: 60))
    var renderer = Renderer()
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64 * 1024)
    func context() -> TUIContext {
      TUIContext(tabCount: TUIApp.screens(of: app).count, view: TUIApp.content(app: app, state: state, history: []))
    }
    /// One loop iteration: what `TUILoop` does for an input event.
    func step(_ event: InputEvent) -> Int {
      for case .dispatch(let action) in state.handle(event, in: context()) { app.store.dispatch(action) }
      let content = TUIApp.content(app: app, state: state, history: [])
      state.noteOverlay(content?.firstOverlay?.title)
      let frame = TUIApp.frame(app: app, state: state, content: content)
      bytes.removeAll(keepingCapacity: true)
      renderer.render(frame.buffer, cursor: frame.cursor, into: &bytes)
      return bytes.count
    }
    _ = step(.resize(Size(width: 200, height: 60)))
    _ = step(.key(KeyEvent(.character("/"))))  // focus the keyword field and start editing
    guard state.editing != nil else { throw ValidationError("the Archive screen has no keyword field in focus") }
    // Letters that match nothing, so the highlight of the listed results does not change between keystrokes.
    let letters = Array("zqxj")
    var samples: [Duration] = []
    var written: [Int] = []
    let clock = ContinuousClock()
    for index in 0..<keystrokes {
      if index % 100 == 0 {  // keep the field short: clear it (not measured)
        _ = step(.key(KeyEvent(.character("u"), modifiers: .control)))
      }
      var count = 0
      let elapsed = clock.measure { count = step(.key(KeyEvent(.character(letters[index % letters.count])))) }
      samples.append(elapsed)
      written.append(count)
    }
    samples.sort()
    written.sort()
    let median = samples[samples.count / 2]
    let p95 = samples[samples.count * 95 / 100]
    let microseconds = { (duration: Duration) in
      String(format: "%.1f", Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6)
    }
    print(
      "keystroke: 200x60, \(keystrokes) keystrokes, median \(microseconds(median)) us, p95 \(microseconds(p95)) us,"
        + " bytes median \(written[written.count / 2]) max \(written.last ?? 0) (target <= 500 us, <= 64 bytes)")
    await live.shutdown()
  }
}

/// `value`, or a validation error saying `message`.
private func require<T>(_ value: T?, _ message: String) throws -> T {
  guard let value else { throw ValidationError(message) }
  return value
}
