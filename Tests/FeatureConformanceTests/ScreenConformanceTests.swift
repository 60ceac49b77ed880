import CompositionRoot
import CompositionRootTesting
import FeatureKit
import FixtureData
import Foundation
import TUI
import TUITesting
import Terminal
import Testing

/// Every registered feature's screen, drawn by the TUI with the feature running alone over the real fixture server,
/// in each standard phase it can reach, at three terminal sizes. No test code per feature: the phases are reached
/// the same way for all (show the screen, wait until the app is idle), and the frames are kept in the feature's own
/// `Tests/<Module>Tests/__Frames__/<key>-<phase>-<W>x<H>.txt`, so adding a feature adds only its own frames.
///
/// - `first-appear`: the screen shown while its first request is in flight (the API accepts and never answers);
/// - `loaded`: on the fixture data;
/// - `empty`: on the fixture data with every list emptied;
/// - `failed`: the first collection it requested answers 500 (one failure, so the message is the same every run);
/// - `launch`: an overlay feature (no tab) as it shows on a first launch.
///
/// In the loaded phase, replay is checked too: the session's actions, encoded and decoded as a recording, replayed
/// twice with reducers only, end in the live app's state.
///
/// A feature without a screen (commands only) has no frames. A new feature's frames are written on its first run
/// (outside CI) for its team to review and commit; after an intended change, re-record with
/// `KUMIKI_RECORD_SNAPSHOTS=1 make test MODULE=FeatureConformance` and review the diff.
@Suite("Every feature's screen in every phase", .serialized, .timeLimit(.minutes(3)))
struct ScreenConformanceTests {
  static let sizes = [Size(width: 100, height: 30), Size(width: 80, height: 24), Size(width: 60, height: 20)]

  @Test("the screen in each phase at three sizes", arguments: Mount.all)
  func screen(_ mount: Mount) async throws {
    let backend = try await FixtureBackend()
    let requested: [String]
    do {
      requested = try await phase("loaded", of: mount, on: backend)
    } catch {
      await backend.shutdown()
      throw error
    }
    await backend.shutdown()

    let empty = try await FixtureBackend(database: FixtureBackend.emptied(try FixtureDatabase.bundled))
    await finally(empty) { _ = try await phase("empty", of: mount, on: empty) }

    if let first = requested.first {
      let failing = try await FixtureBackend()
      failing.server.setFaults([.status(500)], for: .endpoint(first))
      await finally(failing) { _ = try await phase("failed", of: mount, on: failing) }
    }

    let silent = try SilentListener.onFiveDigitPort()
    let app = try await RunningApp(api: URL(string: "http://127.0.0.1:\(silent.port)")!, features: [mount.key])
    await app.idle()  // launch effects (restoring state, local reads) done; the API is never reached
    if let tab = app.tabs.first {
      app.runtime.appear(slot: tab.slot)  // the first request goes out and never returns
      record(app, "first-appear", mount, port: silent.port)
    }
    await app.shutdown()
  }

  /// Starts the feature alone on `backend`, shows its screen, waits until the app is idle and records its frames.
  /// Returns the collections it requested.
  func phase(_ name: String, of mount: Mount, on backend: FixtureBackend) async throws -> [String] {
    let app = try await RunningApp(api: backend.url, features: [mount.key])
    await app.idle()
    if let tab = app.tabs.first {
      app.runtime.appear(slot: tab.slot)
      await app.idle()
      record(app, name, mount, port: backend.server.port)
    } else if TUIApp.overlays(of: app.runtime).isEmpty == false, name == "loaded" {
      record(app, "launch", mount, port: backend.server.port)
    }
    if name == "loaded" { try replays(app, mount) }
    await app.shutdown()
    return backend.requestedCollections
  }

  /// Replay is deterministic: every action that reached the reducer, written as a recording writes it and read back,
  /// replayed twice into the feature assembled for replay (reducers only), ends in the live app's state both times.
  func replays(_ app: RunningApp, _ mount: Mount) throws {
    let live = app.runtime
    let recorded = try app.devTools.entries.map { try live.encode($0.action) }
    #expect(!recorded.isEmpty, "\(mount.key): nothing reached the reducer")
    for run in 1...2 {
      let replay = try LiveApp.replay(features: [mount.key])
      for data in recorded { replay.store.dispatch(try replay.decode(data)) }
      #expect(replay.store.state == live.store.state, "\(mount.key): replay \(run) ended elsewhere")
    }
  }

  /// Checks (or records) the frames at every size.
  func record(_ app: RunningApp, _ phase: String, _ mount: Mount, port: Int) {
    for size in Self.sizes {
      // Error messages name the URL: a 5-character stand-in for the 5-digit port keeps the layout.
      let text = app.frame(TUIState(size: size)).replacingOccurrences(of: ":\(port)/", with: ":PORT_/")
      if phase != "launch" { #expect(!text.contains("No screen to show."), "\(mount.key) drew nothing in \(phase)") }
      assertSnapshot(
        text, named: "\(mount.key)-\(phase)-\(size.width)x\(size.height)", in: mount.framesFolder(),
        recordingMissing: true)
    }
  }

  /// Runs `body`, then shuts `backend` down, recording a thrown error as the test's failure.
  func finally(_ backend: FixtureBackend, _ body: () async throws -> Void) async {
    do {
      try await body()
    } catch {
      Issue.record(error)
    }
    await backend.shutdown()
  }
}
