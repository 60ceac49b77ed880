import ArgumentParser
import CompositionRoot
import Foundation
import TUI
import Terminal

/// `kumiki-bench keystroke`: the cost of one keystroke in a focused text field, as the TUI's loop pays it — handle
/// the key (presenting the screen for focus), dispatch the field's `change`, reduce, present, lay out the frame and
/// diff-render it — on a 200×60 screen: the live app (embedded fixture API, a temporary database), a screen with a
/// keyword field over its first page of results, a character appended at the end of the field.
///
/// The screen is the registry's first on which `/` focuses a text field (`BenchSubject.searchScreen`), or the one
/// `--feature` names; the figure names it.
///
/// The store's clock is held still, so the search the typing schedules never runs during the measurement: the
/// figure is the keystroke, not the search.
///
/// `--form` types into a form instead: the first text field of the first dialog a screen's button opens (the first
/// screen, tab order, that has one, or `--feature`'s), so the keystroke passes the middlewares of a screen that loads
/// and writes through the kits (the loading screen's and the write's, each finding its case of the action).
struct KeystrokeBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keystroke",
    abstract: "Measure one keystroke in a focused text field on a 200x60 screen (dispatch, present, render, bytes)."
  )

  @Option(help: "Keystrokes to measure.")
  var keystrokes: Int = 2_000

  @Option(help: "The feature whose screen is typed into (default: the first screen where / focuses a text field).")
  var feature: String?

  @Flag(help: "Type into the first text field of the first dialog a screen's button opens, not a search field.")
  var form = false

  func run() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "kumiki-keystroke-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (key, button) =
      form
      ? try await Self.formScreen(feature, directory: directory)
      : (try await BenchSubject.searchScreen(feature, directory: directory), nil)
    let live = try await LiveApp.start(
      LaunchOptions(
        databasePath: directory.appending(path: "kumiki.sqlite").path, features: [key], clock: StillClock()))
    let harness = try ScreenHarness(live)
    // A screen may keep observing its data for the app's lifetime, so wait for the results on screen, not for
    // every effect to end.
    try await harness.waitUntilLoaded()
    harness.step(.resize(Size(width: 200, height: 60)))
    if let button { Self.openDialog(harness, button: button) }
    harness.step(.key(KeyEvent(.character("/"))))  // focus the (first) text field and start editing
    guard harness.state.editing != nil else { throw ValidationError("the \(key) screen has no text field in focus") }
    // Letters that match nothing, so the highlight of the listed results does not change between keystrokes.
    let letters = Array("zqxj")
    var samples: [Duration] = []
    var written: [Int] = []
    let clock = ContinuousClock()
    for index in 0..<keystrokes {
      // Keep the field short (a form's within its rules): clear it (not measured).
      if index % (form ? 16 : 100) == 0 {
        harness.step(.key(KeyEvent(.character("u"), modifiers: .control)))
      }
      var count = 0
      let elapsed = clock.measure {
        count = harness.step(.key(KeyEvent(.character(letters[index % letters.count]))))
      }
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
      "keystroke: \(key)\(button.map { " (form of button \($0))" } ?? ""), 200x60, \(keystrokes) keystrokes, median \(microseconds(median)) us, p95 "
        + "\(microseconds(p95)) us, bytes median \(written[written.count / 2]) max \(written.last ?? 0) "
        + "(target <= 500 us, <= 64 bytes)")
    await live.shutdown()
  }

  /// `given`, or the first screen (tab order) with a button that opens a dialog whose text field `/` focuses, with
  /// the index of that button among the loaded screen's buttons. Each try starts an app of its own (at most 24).
  static func formScreen(_ given: String?, directory: URL) async throws -> (String, Int?) {
    var tries = 0
    let keys = try given.map { [$0] } ?? BenchSubject.screenKeys()
    for key in keys {
      for button in 0..<8 where tries < 24 {
        tries += 1
        let live = try await LiveApp.start(
          LaunchOptions(
            databasePath: directory.appending(path: "probe-form-\(tries).sqlite").path, features: [key],
            clock: StillClock()))
        let harness = try ScreenHarness(live)
        var found: Bool?
        do {
          try await harness.waitUntilLoaded()
          harness.step(.resize(Size(width: 200, height: 60)))
          switch openDialog(harness, button: button) {
          case true?:
            harness.step(.key(KeyEvent(.character("/"))))
            found = harness.state.editing != nil
          case false?: found = false
          case nil: found = nil
          }
        } catch {
          found = nil
        }
        await live.shutdown()
        if found == true { return (key, button) }
        if found == nil { break }  // no such button, or the screen did not load: the next screen
      }
    }
    throw ValidationError("no registered screen has a button that opens a form with a text field; give --feature KEY")
  }

  /// Opens the loaded screen's `button`th button and draws a frame; whether that opened a dialog (`nil`: no such
  /// button).
  @discardableResult
  static func openDialog(_ harness: ScreenHarness, button: Int) -> Bool? {
    let buttons = harness.focusables().filter { $0.kind == .button && $0.action != nil }
    guard button < buttons.count, let open = buttons[button].action else { return nil }
    harness.live.runtime.store.dispatch(open)
    harness.frame()
    return harness.content()?.firstOverlay != nil
  }
}
