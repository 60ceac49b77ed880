import ActionLog
import Core
import FeatureAssembly
import FeatureKit
import Foundation
import Synchronization

/// Records a running app's session to a file as it happens: `kumiki-tui --record FILE`.
///
/// The file is an action log (``ActionLog``'s JSON Lines) that starts with a header naming the app, its version and
/// the features mounted, then one line per action that reaches the reducer, with who dispatched it (`"by":"user"`,
/// `"effect"` or `"follow-up"`). Each line is written (one `write(2)`) **before** the reducer runs, so a reducer
/// that crashes leaves its action as the log's last line. `kumiki replay FILE` replays it.
///
/// ```swift
/// let recorder = try SessionRecorder(path: "session.jsonl", app: "kumiki-tui", version: "0.1.0")
/// let live = try await LiveApp.start(LaunchOptions(middlewares: [recorder.middleware, devTools.middleware]))
/// recorder.attach(to: live.runtime)  // writes the header, then whatever was dispatched before
/// ```
///
/// Install ``middleware`` last (DevTools' middleware may follow it: it passes every action on), so the log holds
/// exactly what the reducer sees. Actions dispatched before ``attach(to:)`` (restoring persisted state and `launch`,
/// when the app launches while it is being built) are kept and written when it is attached.
public final class SessionRecorder: Sendable {
  private struct Pending {
    var action: AppAction
    var source: ActionSource
    var timestamp: Date
  }

  private struct Storage {
    var app: AppRuntime?
    var pending: [Pending] = []
    var sequence = 0
    var unencodable: [String] = []
  }

  /// The file being written.
  public let file: ActionLogFile
  private let appName: String
  private let version: String
  private let now: @Sendable () -> Date
  private let storage = Mutex(Storage())

  /// Creates (or truncates) the file at `path`.
  /// - Parameters:
  ///   - app: the recording app's name for the header (`kumiki-tui`).
  ///   - version: its version (`0.1.0`).
  ///   - now: the clock stamping lines, injectable for tests.
  /// - Throws: ``SessionError/Kind/cannotCreate`` with the system's reason.
  public convenience init(
    path: String, app: String, version: String, now: @escaping @Sendable () -> Date = Date.init
  ) throws(SessionError) {
    let file: ActionLogFile
    do {
      file = try ActionLogFile(creatingAt: path)
    } catch {
      throw SessionError(.cannotCreate, error.description)
    }
    self.init(file: file, app: app, version: version, now: now)
  }

  /// A recorder writing to an open log file.
  public init(file: ActionLogFile, app: String, version: String, now: @escaping @Sendable () -> Date = Date.init) {
    self.file = file
    self.appName = app
    self.version = version
    self.now = now
  }

  /// The recording middleware: pass it to `FeatureRegistry.assemble(middlewares:)` (or `LaunchOptions`), last.
  public var middleware: Middleware<AppState, AppAction> {
    Middleware { [self] context, action, next in
      record(Pending(action: action, source: context.source, timestamp: now()))
      next(action)
    }
  }

  /// Starts writing: the header (the app's features, the time now), then every action recorded so far.
  /// Call it once, when the app is assembled.
  public func attach(to app: AppRuntime) {
    storage.withLock { storage in
      guard storage.app == nil else { return }
      storage.app = app
      let header = ActionLogHeader(
        app: appName, version: version, started: storage.pending.first?.timestamp ?? now(),
        features: app.features.map(\.key))
      file.append(header.line)
      for pending in storage.pending { write(pending, app: app, storage: &storage) }
      storage.pending = []
    }
  }

  /// Why the log is incomplete, if it is: a write error (the log ends there), or actions that could not be
  /// encoded (left out). `nil` when every action was written.
  public var problem: String? {
    let unencodable = storage.withLock { $0.unencodable }
    if let failure = file.failure { return "could not write \(file.path): \(failure); the recording ends there" }
    guard let first = unencodable.first else { return nil }
    return "\(unencodable.count) action(s) could not be encoded and are not in \(file.path); the first: \(first)"
  }

  /// Number of actions written.
  public var count: Int { storage.withLock { $0.sequence } }

  private func record(_ pending: Pending) {
    storage.withLock { storage in
      guard let app = storage.app else { return storage.pending.append(pending) }
      write(pending, app: app, storage: &storage)
    }
  }

  private func write(_ pending: Pending, app: AppRuntime, storage: inout Storage) {
    let json: Data
    do {
      json = try app.encode(pending.action)
    } catch {
      storage.unencodable.append("\(app.describe(pending.action)): \(error)")
      return
    }
    storage.sequence += 1
    file.append(
      ActionLog.line(
        sequence: storage.sequence, timestamp: pending.timestamp, source: pending.source, action: json))
  }
}
