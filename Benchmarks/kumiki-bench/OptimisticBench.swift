import ArgumentParser
import CompositionRoot
import FeatureKit
import FixtureServer
import Foundation

/// `kumiki-bench optimistic`: how long an optimistic write takes to reach the screen after the key that sends it, in
/// the keystroke bench's harness (the TUI's present, layout and diff render on a 200×60 screen of the live app). A
/// screen over a fixture server whose every answer comes 50 ms late, its edit form open with a new value typed: the
/// send (the field's Enter, or the form's default button) is dispatched, then frames are drawn until the value shows on the screen behind the
/// form — while the write is still in flight, so the figure is the optimistic path, not the server's answer. It
/// counts the frames drawn until then (the target: the first), and times, for scale, a frame of the same screen
/// with nothing to change.
///
/// The form is the registry's first whose save shows at once (`BenchSubject.editForm`), or the one on the screen
/// `--feature` names; the figure names the feature, the button and the field.
struct OptimisticBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "optimistic",
    abstract: "Measure an optimistic edit from the send key to the frame that shows it (200x60)."
  )

  @Option(help: "Saves to measure.")
  var saves: Int = 100

  @Option(help: "The feature whose edit form is measured (default: the first screen with one that saves at once).")
  var feature: String?

  func run() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "kumiki-optimistic-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await FixtureServer.start(.init(port: 0))
    let form = try await BenchSubject.editForm(feature, server: server, directory: directory)
    let live = try await LiveApp.start(
      LaunchOptions(
        apiURL: server.baseURL, databasePath: directory.appending(path: "kumiki.sqlite").path,
        features: [form.key]))
    let harness = try ScreenHarness(live)
    /// The action of the enabled focusable labelled `label` on screen now.
    func action(_ label: String) throws -> AppAction {
      try require(harness.focusables().first { $0.label == label }?.action, "no \(label)")
    }
    try await harness.waitUntilLoaded()
    try await harness.waitUntil("\(form.opener)") { harness.focusables().contains { $0.label == form.opener } }
    server.setFaults([.latency(milliseconds: 50)])

    var samples: [Duration] = []
    var idleFrames: [Duration] = []
    var framesDrawn: [Int] = []
    let clock = ContinuousClock()
    for index in 0..<saves {
      let value = String(format: "Bench-%04d", index)
      live.runtime.store.dispatch(try action(form.opener))
      harness.frame()
      let field = try require(
        harness.focusables().first { $0.label == form.field }?.field, "no \(form.field) field")
      live.runtime.store.dispatch(field.change(value))
      let send = try require(BenchSubject.send(typed: value, in: form.field, harness), "no send for \(form.field)")
      // For scale: a frame of the same screen (the form open, the value typed) with nothing to change.
      idleFrames.append(clock.measure { harness.frame() })
      let before = BenchSubject.occurrences(of: value, in: harness.frame().text)
      // Measured: the key's action, then frames until the value shows behind the form.
      let start = clock.now
      live.runtime.store.dispatch(send)
      var frames = 0
      while true {
        frames += 1
        if BenchSubject.shows(value, before: before, harness) { break }
        guard clock.now - start < .seconds(5) else { throw ValidationError("the optimistic change never showed") }
        await Task.yield()
      }
      samples.append(clock.now - start)
      framesDrawn.append(frames)
      try await harness.waitUntil("the save to end") { BenchSubject.isDone(harness) }
    }
    samples.sort()
    idleFrames.sort()
    framesDrawn.sort()
    let median = samples[samples.count / 2]
    let p95 = samples[samples.count * 95 / 100]
    let milliseconds = { (duration: Duration) in
      String(format: "%.2f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)
    }
    print(
      "optimistic: \(form.key) (\(form.opener), \(form.field)), 200x60, \(saves) saves, key to frame median "
        + "\(milliseconds(median)) ms, p95 \(milliseconds(p95)) ms, frames drawn median "
        + "\(framesDrawn[framesDrawn.count / 2]) max \(framesDrawn.last ?? 0) (target <= 1 frame, 16.7 ms; the "
        + "write answers after 50 ms); for scale, a frame of this screen with nothing to change: median "
        + "\(milliseconds(idleFrames[idleFrames.count / 2])) ms")
    await live.shutdown()
    await server.shutdown()
  }
}

/// `value`, or a validation error saying `message`.
private func require<T>(_ value: T?, _ message: String) throws -> T {
  guard let value else { throw ValidationError(message) }
  return value
}
