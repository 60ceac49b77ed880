import ActionLog
import Core
import FeatureKit
import Foundation
import Synchronization

/// The Redux DevTools experience for a Kumiki app: a middleware that records every action reaching the reducer
/// with its timestamp and the states before and after, and the history the TUI's DevTools panel shows, steps
/// through (time travel) and exports.
///
/// Install it **last** among the app's middlewares so it records exactly what the reducer sees:
/// ```swift
/// let devTools = DevTools()
/// let app = registry.assemble(storage: storage, middlewares: [devTools.middleware])
/// await TUIApp.run(app: app, options: TUIOptions(devTools: devTools))
/// ```
/// States are cheap to keep (``FeatureKit/AppState`` shares unchanged slices), but holding the previous state means
/// the reducer copies a slice before changing it; the history keeps the last `capacity` actions.
public final class DevTools: Sendable {
  private struct Storage {
    var entries: [DevToolsEntry] = []
    var dropped = 0
    var nextSequence = 1
    var observer: (@Sendable () -> Void)?
  }

  /// Most actions kept; older ones are dropped (and an export then starts at the oldest kept action).
  public let capacity: Int
  private let now: @Sendable () -> Date
  private let storage = Mutex(Storage())

  /// Creates an empty history.
  /// - Parameters:
  ///   - capacity: most actions kept (at least 1).
  ///   - now: the clock, injectable for tests.
  public init(capacity: Int = 2_000, now: @escaping @Sendable () -> Date = Date.init) {
    self.capacity = max(1, capacity)
    self.now = now
  }

  /// The recording middleware: pass it to `FeatureRegistry.assemble(middlewares:)`, last.
  public var middleware: Middleware<AppState, AppAction> {
    Middleware { [self] context, action, next in
      let before = context.state
      next(action)
      record(action, before: before, after: context.state)
    }
  }

  /// Appends an entry (what the middleware does after each action).
  public func record(_ action: AppAction, before: AppState, after: AppState) {
    let timestamp = now()
    let observer = storage.withLock { storage -> (@Sendable () -> Void)? in
      storage.entries.append(
        DevToolsEntry(
          sequence: storage.nextSequence, timestamp: timestamp, action: action, before: before, after: after))
      storage.nextSequence += 1
      if storage.entries.count > capacity {
        let excess = storage.entries.count - capacity
        storage.entries.removeFirst(excess)
        storage.dropped += excess
      }
      return storage.observer
    }
    observer?()
  }

  /// The recorded actions, oldest first.
  public var entries: [DevToolsEntry] { storage.withLock { $0.entries } }

  /// Number of recorded actions kept.
  public var count: Int { storage.withLock { $0.entries.count } }

  /// Number of actions dropped because the history was full.
  public var droppedCount: Int { storage.withLock { $0.dropped } }

  /// Calls `observer` (on the dispatching thread, inside the dispatch: keep it short) after each recorded action;
  /// `nil` stops. One observer at a time: the TUI's app loop.
  public func observe(_ observer: (@Sendable () -> Void)?) {
    storage.withLock { $0.observer = observer }
  }

  /// Forgets every recorded action.
  public func clear() {
    storage.withLock {
      $0.entries.removeAll()
      $0.dropped = 0
    }
  }

  // MARK: Export

  /// The history as an action log: JSON Lines in ``ActionLog``'s format (`{"seq":1,"t":"…","action":{…}}`),
  /// numbered from 1, which `ActionLog.entries(in:decode: app.decode)` reads back and a replay-mode app
  /// (`FeatureRegistry.assemble(mode: .replay)`) replays. Actions `encode` cannot encode are left out, as the recorder
  /// does.
  public func exportJSONLines(encode: (AppAction) throws -> Data) -> String {
    var lines: [String] = []
    for entry in entries {
      guard let data = try? encode(entry.action), let json = String(data: data, encoding: .utf8) else { continue }
      let time = entry.timestamp.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
      lines.append(#"{"seq":\#(lines.count + 1),"t":"\#(time)","action":\#(json)}"#)
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Replays an exported (or recorded) action log into `app`'s store, decoding actions with `app.decode`. Give it
  /// an app assembled with `mode: .replay` to reproduce the recorded state without side effects.
  /// - Throws: `ActionLogError` for a malformed line, or the decoding error of an unknown action.
  public static func replay(_ log: String, into app: AppRuntime) throws {
    try ActionLog.replay(log, into: app.store, decode: app.decode)
  }

  /// Writes ``exportJSONLines(encode:)`` to `kumiki-actions-<UTC timestamp>.jsonl` in `directory` and returns the
  /// file's path.
  @discardableResult
  public func export(to directory: String, encode: (AppAction) throws -> Data, at date: Date = Date()) throws -> String
  {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    let stamp =
      "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))-\(two(parts.hour))\(two(parts.minute))"
      + "\(two(parts.second))"
    let path = (directory.isEmpty ? "." : directory) + "/kumiki-actions-\(stamp).jsonl"
    try Data(exportJSONLines(encode: encode).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    return path
  }
}
