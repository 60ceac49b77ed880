import CompositionRootTesting
import CoreTesting
import FeatureKit
import Foundation
import Presentation
import ProfileFeature
import TUI
import TUITesting
import Terminal
import Testing

/// Profile's edit form drawn by the TUI with the feature running alone over the real fixture server: unchanged (Save
/// disabled), invalid (message), valid, failed (error, Retry), saving. Frames in `Tests/ProfileFeatureTests/__Frames__`
/// (re-record with `KUMIKI_RECORD_SNAPSHOTS=1 make test MODULE=ProfileFeatureIntegration`).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ProfileEditFramesTests {
  static let sizes = [Size(width: 100, height: 30), Size(width: 60, height: 20)]
  let framesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "__Frames__")

  @Test("Profile's edit form: unchanged (Save disabled), invalid (message), valid, failed (error, Retry), saving")
  func editProfileForm() async throws {
    let backend = try await FixtureBackend()
    let server = backend.server
    let app = try await RunningApp(api: server.baseURL, features: ["profile"])
    do {
      let tab = try #require(app.tabs.first)
      app.runtime.appear(slot: tab.slot)
      try await app.until("profile content", slot: tab.slot) { !$0.containsSpinner && $0.firstErrorMessage == nil }
      func element(_ label: String) throws -> Focusable<AppAction> {
        let view = try #require(app.runtime.view(slot: tab.slot))
        return try #require(FocusCollector.focusables(in: view).first { $0.label == label }, "no \(label)")
      }
      func frames(_ name: String) {
        for size in Self.sizes {
          let text = app.frame(TUIState(size: size)).replacingOccurrences(
            of: ":\(server.baseURL.port ?? 0)/", with: ":PORT_/")
          assertSnapshot(
            text, named: "profile-edit-\(name)-\(size.width)x\(size.height)", in: framesFolder,
            recordingMissing: false)
        }
      }
      app.runtime.store.dispatch(try #require(try element("Edit profile").action))
      frames("unchanged")
      #expect(try element("Save").isEnabled == false)
      app.runtime.store.dispatch(try #require(try element("Nickname").field).change(""))
      frames("invalid")
      #expect(try element("Save").isEnabled == false)
      app.runtime.store.dispatch(try #require(try element("Nickname").field).change("カレー部長"))
      frames("valid")
      #expect(try element("Save").isEnabled == true)
      server.setFaults([.status(500)], for: .endpoint("profile_personal"))
      app.runtime.store.dispatch(try #require(try element("Save").action))
      // The optimistic nickname was rolled back: only the form's field holds it.
      try await app.until("save failed", slot: tab.slot) { view in
        view.firstOverlay?.content.firstErrorMessage != nil && view.plainText.count { $0.contains("カレー部長") } == 1
      }
      frames("failed")
      server.setFaults([.latency(milliseconds: 500)], for: .endpoint("profile_personal"))
      app.runtime.store.dispatch(try #require(try element("Retry").action))
      // Optimistic: the screen behind the form shows the new nickname while the save is in flight.
      try await app.until("the new nickname behind the form", slot: tab.slot) { view in
        view.firstOverlay != nil && view.plainText.count { $0.contains("カレー部長") } == 2
      }
      frames("saving")
      try await app.until("saved", slot: tab.slot) { view in
        view.firstOverlay == nil && view.plainText.contains { $0.contains("カレー部長") }
      }
    } catch {
      await app.shutdown()
      await backend.shutdown()
      throw error
    }
    await app.shutdown()
    await backend.shutdown()
  }
}
