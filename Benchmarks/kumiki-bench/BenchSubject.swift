import ArgumentParser
import CompositionRoot
import FeatureKit
import FixtureServer
import Foundation
import TUI
import Terminal

/// What the TUI benchmarks measure, taken from the registry: no benchmark names a feature, so deleting one leaves
/// them building and running (they measure the next screen that fits, or say that none does and how to pick one).
/// `--feature KEY` pins the subject; every figure names the feature it was taken on, so runs compare side by side.
enum BenchSubject {
  /// The keys of the registered features with a tab, in tab order.
  static func screenKeys() throws -> [String] {
    TUIApp.screens(of: try LiveApp.introspection(features: [])).map(\.key)
  }

  /// `given`, or the first screen (tab order) on which `/` puts a text field in focus once it has loaded: a
  /// keyword field over its results, the heaviest redraw a keystroke causes. Each screen is tried in an app of its
  /// own (the embedded API, a database in `directory`, the store's clock held still).
  static func searchScreen(_ given: String?, directory: URL) async throws -> String {
    if let given { return given }
    for key in try screenKeys() {
      let live = try await LiveApp.start(
        LaunchOptions(
          databasePath: directory.appending(path: "probe-\(key).sqlite").path, features: [key], clock: StillClock()))
      let harness = try ScreenHarness(live)
      let found: Bool
      do {
        try await harness.waitUntilLoaded()
        harness.step(.resize(Size(width: 200, height: 60)))
        harness.step(.key(KeyEvent(.character("/"))))
        found = harness.state.editing != nil
      } catch {
        found = false
      }
      await live.shutdown()
      if found { return key }
    }
    throw ValidationError("no registered screen has a text field that / focuses; give one with --feature KEY")
  }

  /// An edit form on a screen: the button that opens it, the text field edited (its Enter sends the form).
  struct EditForm {
    var key: String
    var opener: String
    var field: String
  }

  /// The first edit form (tab order; of `given`'s screen alone when given) whose save shows on the screen behind
  /// it before the server answers, found by trying it on `server`: a button of the loaded screen opens a dialog with
  /// a text field and a send (the field's Enter, or the dialog's default button); a value typed there and sent shows
  /// on the screen, and the dialog closes once the write is done. Each try starts an app of its own (at most 24 in all).
  static func editForm(_ given: String?, server: FixtureServer, directory: URL) async throws -> EditForm {
    var tries = 0
    let keys = try given.map { [$0] } ?? screenKeys()
    for key in keys {
      var button = 0
      var field = 0
      trials: while tries < 24 {
        tries += 1
        let live = try await LiveApp.start(
          LaunchOptions(
            apiURL: server.baseURL, databasePath: directory.appending(path: "probe-\(tries).sqlite").path,
            features: [key]))
        let outcome = try? await trySave(live, button: button, field: field, marker: "Probe-\(tries)")
        await live.shutdown()
        switch outcome {
        case .shown(let form)?: return EditForm(key: key, opener: form.opener, field: form.field)
        case .notShown?: field += 1
        case .noSuchField?: (button, field) = (button + 1, 0)
        case .noSuchButton?, nil: break trials  // no more buttons, or the screen did not load: the next screen
        }
      }
    }
    throw ValidationError(
      "no registered screen has an edit form whose save shows at once; give the screen with --feature KEY")
  }

  private enum Trial {
    case shown((opener: String, field: String))
    case notShown
    case noSuchField
    case noSuchButton
  }

  /// Opens the loaded screen's `button`th button; when that shows a `field`th text field with a send (its Enter,
  /// or the dialog's default button), types `marker` there, sends it and reports whether the marker showed behind
  /// the dialog at once.
  private static func trySave(_ live: LiveApp, button: Int, field: Int, marker: String) async throws -> Trial {
    let harness = try ScreenHarness(live)
    try await harness.waitUntilLoaded()
    let buttons = harness.focusables().filter { $0.kind == .button && $0.action != nil }
    guard button < buttons.count, let open = buttons[button].action else { return .noSuchButton }
    live.runtime.store.dispatch(open)
    harness.frame()
    let fields = harness.focusables().filter { $0.field != nil }
    guard field < fields.count, let node = fields[field].field else { return .noSuchField }
    live.runtime.store.dispatch(node.change(marker))
    guard let send = send(typed: marker, in: fields[field].label, harness) else { return .notShown }
    let before = occurrences(of: marker, in: harness.frame().text)
    live.runtime.store.dispatch(send)
    let deadline = ContinuousClock.now + .seconds(2)
    while !shows(marker, before: before, harness), ContinuousClock.now < deadline { await Task.yield() }
    guard shows(marker, before: before, harness) else { return .notShown }
    try await harness.waitUntil("the save to end") { isDone(harness) }
    return .shown((buttons[button].label, fields[field].label))
  }

  /// What sends the form once `value` is typed in the field labelled `label`: the field's Enter (its `submit`), else
  /// the dialog's default button; `nil` when there is neither.
  static func send(typed value: String, in label: String, _ harness: ScreenHarness) -> AppAction? {
    let focusables = harness.focusables()
    if let submit = focusables.first(where: { $0.label == label })?.field?.submit { return submit(value) }
    return focusables.first(where: \.isDefault)?.action
  }

  /// Whether `marker` shows on the screen behind the dialog: more often than in the dialog's field before the
  /// send, or at all once the dialog has closed.
  static func shows(_ marker: String, before: Int, _ harness: ScreenHarness) -> Bool {
    let count = occurrences(of: marker, in: harness.frame().text)
    return count > before || (count > 0 && harness.content()?.firstOverlay == nil)
  }

  /// Whether the save has ended: the dialog closed and no request in flight.
  static func isDone(_ harness: ScreenHarness) -> Bool {
    harness.content()?.firstOverlay == nil && harness.live.activity.inFlight == 0
  }

  static func occurrences(of marker: String, in text: String) -> Int {
    text.components(separatedBy: marker).count - 1
  }
}
