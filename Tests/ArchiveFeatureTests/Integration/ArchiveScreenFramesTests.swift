import ArchiveFeature
import CompositionRootTesting
import CoreTesting
import FeatureKit
import Foundation
import Presentation
import TUI
import TUITesting
import Terminal
import Testing
import ToastKit

/// Archive's search as you type, drawn by the TUI with the feature running alone over the real fixture server: the
/// keyword typed (the highlight follows it at once), then its results. Frames in `Tests/ArchiveFeatureTests/__Frames__`
/// (re-record with `KUMIKI_RECORD_SNAPSHOTS=1 make test MODULE=ArchiveFeatureIntegration`).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ArchiveScreenFramesTests {
  static let sizes = [Size(width: 100, height: 30), Size(width: 60, height: 20)]
  let framesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "__Frames__")

  @Test("Archive searching as you type: the keyword typed (the highlight follows it at once), then its results")
  func liveSearch() async throws {
    let backend = try await FixtureBackend()
    let clock = TestClock()
    let app = try await RunningApp(api: backend.url, features: ["archive"], clock: clock)
    do {
      let tab = try #require(app.tabs.first)
      app.runtime.appear(slot: tab.slot)
      try await app.until("archive content", slot: tab.slot) { view in
        !view.containsSpinner && view.plainText.contains { $0.contains("36 results") }
          && view.plainText.contains { $0.contains("Saved (") }
      }
      let focusables = FocusCollector.focusables(in: try #require(app.runtime.view(slot: tab.slot)))
      let index = try #require(focusables.firstIndex { $0.kind == .textField })
      let field = try #require(focusables[index].field)
      // What the TUI dispatches for each typed character: the field's change with the whole text.
      for text in ["カ", "カレ", "カレー"] { app.runtime.store.dispatch(field.change(text)) }
      func frames(_ name: String) {
        for size in Self.sizes {
          var state = TUIState(size: size)
          state.focus[0] = index
          state.editing = TextEditing(fieldID: field.id, text: "カレー")
          assertSnapshot(
            app.frame(state), named: "archive-\(name)-\(size.width)x\(size.height)", in: framesFolder,
            recordingMissing: false)
        }
      }
      frames("typing")
      clock.advance(by: .milliseconds(300))
      try await app.until("カレー results", slot: tab.slot) { view in
        view.plainText.contains { $0.contains("10 results") }
      }
      frames("typed")
    } catch {
      await app.shutdown()
      await backend.shutdown()
      throw error
    }
    await app.shutdown()
    await backend.shutdown()
  }

  @Test("Archive's toasts in the status bar: Saved, then Removed with its undo; gone after their time")
  func toasts() async throws {
    let backend = try await FixtureBackend()
    let clock = TestClock()
    let app = try await RunningApp(api: backend.url, features: ["archive"], clock: clock)
    do {
      let tab = try #require(app.tabs.first)
      app.runtime.appear(slot: tab.slot)
      try await app.until("archive content", slot: tab.slot) { view in
        !view.containsSpinner && view.plainText.contains { $0.contains("36 results") }
          && view.plainText.contains { $0.contains("Saved (0)") }
      }
      // The first result's heart, as Space on it dispatches it.
      func heart() throws -> (index: Int, action: AppAction) {
        let focusables = FocusCollector.focusables(in: try #require(app.runtime.view(slot: tab.slot)))
        let index = try #require(focusables.firstIndex { $0.kind == .accessory })
        return (index, try #require(focusables[index].action))
      }
      func frames(_ name: String, focus: Int) {
        for size in Self.sizes {
          var state = TUIState(size: size)
          state.focus[0] = focus
          assertSnapshot(
            app.frame(state), named: "archive-\(name)-\(size.width)x\(size.height)", in: framesFolder,
            recordingMissing: false)
        }
      }
      let save = try heart()
      app.runtime.store.dispatch(save.action)
      try await app.until("saved, and said so", slot: tab.slot) { view in
        view.firstToast?.text == "Saved \"鯛めし\"" && view.plainText.contains { $0.contains("Saved (1)") }
      }
      frames("saved-toast", focus: save.index)
      let unsave = try heart()
      app.runtime.store.dispatch(unsave.action)
      try await app.until("removed, with its undo", slot: tab.slot) { view in
        view.firstToast?.text == "Removed \"鯛めし\"" && view.firstToast?.undo != nil
          && view.plainText.contains { $0.contains("Saved (0)") }
      }
      frames("removed-toast", focus: unsave.index)
      clock.advance(by: Toast<ArchiveFeature.Action>.duration)
      try await app.until("the toast gone", slot: tab.slot) { $0.firstToast == nil }
    } catch {
      await app.shutdown()
      await backend.shutdown()
      throw error
    }
    await app.shutdown()
    await backend.shutdown()
  }
}
