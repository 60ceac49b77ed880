import CompositionRoot
import FeatureAssembly
import FeatureKit
import Foundation
import Presentation
import TUI
import Terminal

/// The live app as a test drives it: the registered features (all, or a selection) over HTTP to a given API, on a
/// fresh database of its own, drawn by the TUI without colours. Waits are on the store (no polling, no sleeping).
public struct RunningApp: Sendable {
  /// The started app.
  public let live: LiveApp
  /// The DevTools the app records into, on a clock that ticks a quarter second per action (frames are the same on
  /// every run).
  public let devTools: DevTools
  /// The folder holding the app's database (`kumiki.sqlite`).
  public let folder: String
  /// Whether the folder is the app's own (made for it, removed at shutdown).
  private let ownsFolder: Bool
  /// The assembled app.
  public var runtime: AppRuntime { live.runtime }
  /// The features with a tab, in tab order.
  public var tabs: [MountedFeature] { TUIApp.screens(of: runtime) }

  /// Starts the app on `api` with `features` (empty: all) and a fresh database, or the one in `folder` (which the
  /// caller keeps: a second app on the same folder is a restart). `environment` adds to the app's (a scenario's
  /// `KUMIKI_CACHE_MAX_AGE`); `now`, when given, is the response cache's time (cached data's "as of" the same on
  /// every run).
  public init(
    api: URL, features: [String] = [], folder: String? = nil, clock: any Clock<Duration> = ContinuousClock(),
    environment: [String: String] = [:], now: (@Sendable () -> Date)? = nil
  ) async throws {
    ownsFolder = folder == nil
    let folder =
      folder ?? FileManager.default.temporaryDirectory.appending(path: "kumiki-app-\(UUID().uuidString)").path
    self.folder = folder
    let start = Date(timeIntervalSince1970: 1_795_253_400)  // 2026-11-15T09:30:00Z
    let ticks = TickCounter()
    devTools = DevTools(now: { start.addingTimeInterval(Double(ticks.next()) * 0.25) })
    live = try await LiveApp.start(
      LaunchOptions(
        apiURL: api, databasePath: folder + "/kumiki.sqlite", features: features,
        environment: ["KUMIKI_TIMEOUT": "60"].merging(environment) { $1 }, middlewares: [devTools.middleware],
        clock: clock, now: now ?? { Date() }))
  }

  /// The whole frame the TUI draws for `state`, without colours, times in UTC.
  public func frame(_ state: TUIState) -> String {
    TUIApp.frame(
      app: runtime, state: state, devTools: devTools, theme: .monochrome, timeZone: TimeZone(identifier: "UTC")!
    ).buffer.text
  }

  /// Returns once the app has done what it was asked and only observations remain (``Store/idle()``).
  public func idle() async { await runtime.store.idle() }

  /// Waits until the view of `slot` satisfies `condition`.
  public func until(
    _ what: String, slot: Int, _ condition: @escaping @Sendable (ViewNode<AppAction>) -> Bool
  ) async throws {
    let runtime = self.runtime
    _ = try await value { state in runtime.view(slot: slot, in: state).map(condition) == true ? true : nil }
  }

  /// The first non-nil `extract(state)`, checked now and after every state change (no polling, no sleeping).
  public func value<T>(_ extract: @escaping @Sendable (AppState) -> T?) async throws -> T {
    try await runtime.value(extract)
  }

  /// Shuts the app down and removes its folder, when it made one.
  public func shutdown() async {
    await live.shutdown()
    if ownsFolder { try? FileManager.default.removeItem(atPath: folder) }
  }
}
