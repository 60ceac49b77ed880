import CompositionRoot
import CompositionRootTesting
import FeatureKit
import FixtureData
import FixtureServer
import Foundation
import Scenarios
import TUI
import TUITesting
import Terminal
import Testing

/// Every registered feature's screen, drawn by the TUI with the feature running alone over the real fixture server,
/// in each of its scenarios (`Modules/Scenarios`: the standard ones every feature has, then its own from
/// `Modules/Features/<Name>/scenarios/`), at three terminal sizes. The scenarios are the ones `make run FEATURE=X
/// SCENARIO=…` runs, applied the same way (the server's options, a warmed cache, the API stopped), so a scenario is
/// also a test. No test code per feature: each scenario is reached the same way for all (show the screen, wait until
/// the app is idle — or, while answers are late, draw at once), and the frames are kept in the feature's own
/// `Tests/<Module>Tests/__Frames__/<key>-<scenario>-<W>x<H>.txt`, so adding a feature adds only its own frames.
///
/// - `fresh`: on the sample data (and, in it, replay is checked: the session's actions, encoded and decoded as a
///   recording, replayed twice with reducers only, end in the live app's state); an overlay feature (no tab) is
///   drawn as it shows on this first launch, and only here;
/// - `offline`: the screen loaded once, then shown again with the API stopped: the cached data, marked offline;
/// - `cold-offline`: the API stopped and nothing cached;
/// - `slow`: every answer 2 s late, drawn while the first request is in flight;
/// - `failing`: every request answers 500;
/// - `empty`: every list empty;
/// - the feature's own, as their files say.
///
/// A feature without a screen (commands only) has no frames. A new feature's frames are written on its first run
/// (outside CI) for its team to review and commit; after an intended change, re-record with
/// `KUMIKI_RECORD_SNAPSHOTS=1 make test MODULE=FeatureConformance` and review the diff.
@Suite("Every feature's screen in every scenario", .serialized, .timeLimit(.minutes(5)))
struct ScreenConformanceTests {
  static let sizes = [Size(width: 100, height: 30), Size(width: 80, height: 24), Size(width: 60, height: 20)]
  /// The response cache's time in every scenario: cached data shows the same "as of" on every run.
  static let now = Date(timeIntervalSince1970: 1_795_253_400)  // 2026-11-15T09:30:00Z

  @Test("the screen in each scenario at three sizes", arguments: Mount.all)
  func screen(_ mount: Mount) async throws {
    let catalog = try mount.scenarios()
    let data = try FixtureDatabase.bundled
    var requested: [String] = []  // by the fresh run, which comes first
    for scenario in catalog.scenarios {
      for attempt in 1...5 {
        do {
          try scenario.check(against: data)
          let asked = try await draw(mount, in: scenario, requested: requested)
          if scenario.name == Scenario.defaultName { requested = asked }
        } catch is SlowRefusal where attempt < 5 {
          continue
        } catch {
          Issue.record("\(mount.key) in \(scenario.name): \(error)")
        }
        break
      }
    }
  }

  /// A refused connection's detail (libcurl's) says how long the refusal took, which the frames show as "0 ms":
  /// one that took 10 ms or more (a loaded machine) would change the layout, so the scenario is run again.
  struct SlowRefusal: Error {}

  /// Runs the feature alone in `scenario` on a state folder of its own and records its frames; returns the
  /// collections it requested.
  ///
  /// When every resource fails (`failing`), a screen that asks for several at once shows whichever failure arrives
  /// first. So that the frame is the same on every run, the collections the fresh run requested, but the first (by
  /// name), answer a second late here: the first one's failure is always the one shown.
  func draw(_ mount: Mount, in scenario: Scenario, requested: [String]) async throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-scenario-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let now: @Sendable () -> Date = { Self.now }

    // The cache warmed from the scenario's data, without its faults; the run's API at the same address (answers are
    // cached by URL), past their max-age so the screen asks again.
    var port = 0
    var url: URL?
    if scenario.cache == .warm {
      let backend = try await FixtureBackend(configuration: try .init(scenario.api, faults: false))
      port = backend.server.port
      url = backend.url
      do {
        let app = try await RunningApp(api: backend.url, features: [mount.key], folder: folder, now: now)
        await app.live.loadEveryScreen()
        await app.shutdown()
      } catch {
        await backend.shutdown()
        throw error
      }
      await backend.shutdown()
    }
    var configuration = try FixtureServer.Configuration(scenario.api, faults: true)
    configuration.port = port
    if scenario.api.statuses.contains(where: { $0.resource == "*" }) {
      for name in requested.dropFirst() { try configuration.faults.add(rule: "\(name):latency=1000") }
    }
    // The API down: the warmed one stays stopped; with nothing warmed, a server's address once it has stopped.
    var backend: FixtureBackend?
    if !(scenario.api.down && url != nil) {
      let started = try await FixtureBackend(configuration: configuration)
      (url, port) = (started.url, started.server.port)
      if scenario.api.down { await started.shutdown() } else { backend = started }
    }
    guard let url else { return [] }
    let bundled = try FixtureDatabase.bundled
    let served = "\(scenario.api.data.map { bundled.replacing(with: $0) } ?? bundled)"
    do {
      let app = try await RunningApp(
        api: url, features: [mount.key], folder: folder,
        environment: scenario.cache == .warm ? ["KUMIKI_CACHE_MAX_AGE": "0"] : [:], now: now)
      await app.idle()  // launch effects (restoring state, local reads) done
      if let tab = app.tabs.first {
        app.runtime.appear(slot: tab.slot)
        // Late answers: drawn while the first request is in flight, as a user first sees the screen.
        if scenario.api.latency == 0 { await app.idle() }
        try await record(app, scenario.name, mount, port: port, data: served)
      } else if TUIApp.overlays(of: app.runtime).isEmpty == false, scenario.name == Scenario.defaultName {
        try await record(app, scenario.name, mount, port: port, data: served, overlay: true)
      }
      if scenario.name == Scenario.defaultName { try replays(app, mount) }
      await app.shutdown()
    } catch {
      await backend?.shutdown()
      throw error
    }
    await backend?.shutdown()
    return backend?.requestedCollections ?? []
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
  /// - Throws: ``SlowRefusal`` (before checking anything) when a refused connection took 10 ms or more.
  /// Every frame's chrome is ASCII (`Modules/TUI/README.md`): a character one column wide that is not ASCII (an East
  /// Asian Ambiguous `·`, `…`, `“`, `—`, `×`, which a CJK-configured terminal draws two columns wide) may appear only
  /// when the API's `data` (its text) holds it. Wide characters (Japanese, emoji) are never ambiguous.
  func record(
    _ app: RunningApp, _ scenario: String, _ mount: Mount, port: Int, data: String, overlay: Bool = false
  ) async throws {
    // Error messages name the URL and port: a 5-character stand-in for the 5-digit port keeps the layout. A
    // refused connection's detail says how long it took: "0 ms" here, whatever single digit it was.
    let texts = Self.sizes.map { size in
      app.frame(TUIState(size: size)).replacingOccurrences(of: String(port), with: "PORT_")
    }
    if texts.contains(where: { $0.contains(/after [0-9]{2,} ms/) }) {
      await app.shutdown()
      throw SlowRefusal()
    }
    for (size, text) in zip(Self.sizes, texts) {
      let text = text.replacing(/after [0-9] ms/, with: "after 0 ms")
      if !overlay { #expect(!text.contains("No screen to show."), "\(mount.key) drew nothing in \(scenario)") }
      let chrome = Set(text.filter { !$0.isASCII && displayWidth(of: $0) == 1 && !data.contains($0) })
      #expect(
        chrome.isEmpty,
        "\(mount.key) in \(scenario) at \(size.width)x\(size.height) draws non-ASCII chrome: \(chrome.sorted())")
      assertSnapshot(
        text, named: "\(mount.key)-\(scenario)-\(size.width)x\(size.height)", in: mount.framesFolder(),
        recordingMissing: true)
    }
  }
}
