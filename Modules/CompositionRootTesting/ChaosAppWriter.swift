import FeatureAssembly
import FeatureKit
import Foundation

/// A chaos run's long-lived writer, in this process: the live app as `kumiki-tui` runs it (``RunningApp``: its
/// store, feature middleware, query layer and SQLite outbox, which sends by itself while the app runs), kept open
/// across the rounds, each write the feature command's action dispatched to its store — the action the TUI's form
/// dispatches on Save. It is never killed (a SIGKILL would end the run): `kumiki` writers are. Its store's clock is
/// ``ChaosClock``: a write waits for what it started, not for its toast to expire.
final class ChaosAppWriter: Sendable {
  private let app: RunningApp

  /// Starts the app on `api` over the database in `folder` (the writer's, as a `kumiki` writer's).
  init(api: URL, folder: String) async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    app = try await RunningApp(api: api, folder: folder, clock: ChaosClock(), environment: ["KUMIKI_TIMEOUT": "5"])
  }

  /// Sets `option` to `value` with the command named `words`, as `kumiki` would, and says what the command's
  /// output would tell (`queued` when the write went to the outbox). With `reads`, the command's feature shows its
  /// screen first, as the TUI does when its tab is opened: it reads the item (the first time; once shown it reads it
  /// again after each write it sent or conflict it met), and the write carries the version it shows (`If-Match`).
  func write(words: [String], option: String, value: String, reads: Bool = false) async -> ChaosReport.Told {
    guard let command = app.runtime.commands.first(where: { [$0.featureKey] + $0.path == words }) else {
      return .unexpected("the app has no command \(words.joined(separator: " "))")
    }
    if reads, let screen = app.runtime.features.first(where: { $0.key == command.featureKey && $0.hasScreen }) {
      app.runtime.appear(slot: screen.slot)
      await app.idle()
    }
    let queuedBefore = app.live.queryCache.outbox?.summary.queuedHere ?? 0
    let input = CommandInput(values: [option: value])
    do {
      for action in try command.actions(input) { app.runtime.store.dispatch(action) }
    } catch {
      return .unexpected("the command refused its input: \(error)")
    }
    await app.idle()
    if (app.live.queryCache.outbox?.summary.queuedHere ?? 0) > queuedBefore { return .queued }
    switch command.output(app.runtime.store.state, input) {
    case .success: return .acknowledged
    case .failure(let reason): return .failed("kumiki: " + reason)
    // A conflict (a 412 to its If-Match) wrote nothing and was shown, as `kumiki`'s exit 3 is.
    case .conflict(let message, _): return .conflict("kumiki: " + message)
    }
  }

  /// Stops the app (its outbox stays in its database, drained as the others are).
  func shutdown() async { await app.shutdown() }
}
