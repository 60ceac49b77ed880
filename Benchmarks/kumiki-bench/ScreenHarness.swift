import ArgumentParser
import CompositionRoot
import FeatureAssembly
import FeatureKit
import Foundation
import Presentation
import TUI
import Terminal

/// The TUI's loop as the keystroke and optimistic benches drive it, in process, on a 200×60 screen of a live app:
/// handle an input event (presenting the screen for focus), dispatch what it gives, present, lay out the frame and
/// diff-render it into bytes, as `TUILoop` does for each event.
final class ScreenHarness {
  let live: LiveApp
  var state = TUIState(size: Size(width: 200, height: 60))
  private var renderer = Renderer()
  private var bytes: [UInt8] = []

  /// The harness over `live`, its first screen shown (the app was started with the subject's feature alone).
  init(_ live: LiveApp) throws {
    self.live = live
    bytes.reserveCapacity(64 * 1024)
    guard let slot = TUIApp.screens(of: live.runtime).first?.slot else {
      throw ValidationError("the feature has no screen")
    }
    live.runtime.appear(slot: slot)
  }

  var app: AppRuntime { live.runtime }

  /// What the screen presents now.
  func content() -> ViewNode<AppAction>? {
    TUIApp.content(app: app, state: state, history: [])
  }

  /// Its enabled focusable elements now (the open overlay's, when one is).
  func focusables() -> [Focusable<AppAction>] {
    content().map { FocusCollector.focusables(in: $0).filter(\.isEnabled) } ?? []
  }

  /// Draws one frame as the loop does; returns the bytes written and the frame's text.
  @discardableResult
  func frame() -> (bytes: Int, text: String) {
    let content = content()
    state.noteOverlay(content?.firstOverlay?.title)
    let frame = TUIApp.frame(app: app, state: state, content: content)
    bytes.removeAll(keepingCapacity: true)
    renderer.render(frame.buffer, cursor: frame.cursor, into: &bytes)
    return (bytes.count, frame.buffer.text(trimmingTrailingSpaces: true))
  }

  /// One loop iteration for `event`: handled, its actions dispatched, a frame drawn; the bytes written.
  @discardableResult
  func step(_ event: InputEvent) -> Int {
    let context = TUIContext(tabCount: TUIApp.screens(of: app).count, view: content())
    for case .dispatch(let action) in state.handle(event, in: context) { app.store.dispatch(action) }
    return frame().bytes
  }

  /// Waits (up to 30 s, polling every millisecond: a frame has no event to await) until `condition` holds.
  func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else { throw ValidationError("timed out waiting for \(what)") }
      try await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Waits until the screen has loaded: drawn with no spinner (its data, or what it shows instead).
  func waitUntilLoaded() async throws {
    try await waitUntil("the screen to load") { content()?.containsSpinner == false }
  }
}
