import ActionLog
import Core
import FeatureAssembly
import FeatureKit
import Foundation
import Synchronization

/// The Redux DevTools experience for a Kumiki app: a middleware that records every action reaching the reducer
/// with its timestamp, and the history the TUI's DevTools panel shows, steps through (time travel) and exports.
///
/// Install it **last** among the app's middlewares so it records exactly what the reducer sees:
/// ```swift
/// let devTools = DevTools()
/// let app = registry.assemble(storage: storage, middlewares: [devTools.middleware])
/// await TUIApp.run(app: app, options: TUIOptions(devTools: devTools))
/// ```
///
/// ## What it keeps
/// The last ``capacity`` actions (10,000 by default: about 100 bytes each plus what the action carries, ~1 MB for
/// a session of keystrokes and selections) and one state, the *base*: the state before the oldest kept action.
/// It keeps no state per action: holding an old state would make the reducer copy a feature's slice before every
/// change (a copy of every item of a long list, per action). The states before and after an entry
/// (``DevToolsEntry/before``, ``DevToolsEntry/after``) are rebuilt by replaying the kept actions from the base with
/// the store's reducer, which is pure; when the history is full, the oldest action is replayed into the base and
/// dropped (``droppedCount``). Recording costs one extra reducer run per action once the history is full, whatever
/// the size of the state.
///
/// ## Keeping a longer session
/// Export before actions drop: `e` in the panel writes the kept actions to `kumiki-actions-<UTC time>.jsonl`
/// (``export(to:encode:header:at:)``), an action log that ``replay(_:into:)``, ``ActionLog`` and `kumiki replay`
/// replay. To keep a whole session as it happens, run `kumiki-tui --record FILE` (same format). The panel's
/// count says how many actions are kept; ``droppedCount`` how many went.
public final class DevTools: Sendable {
  private struct Recorded {
    var sequence: Int
    var timestamp: Date
    var action: AppAction
    var source: ActionSource
  }

  private struct Storage {
    /// The kept actions, a ring: `log[head]` is the oldest once the ring is full.
    var log: [Recorded] = []
    var head = 0
    /// The state before the oldest kept action (`nil` until the first action, and after `clear()`).
    var base: AppState?
    var reduce: (@Sendable (inout AppState, AppAction) -> Void)?
    var dropped = 0
    var nextSequence = 1
    var observer: (@Sendable () -> Void)?

    var oldestSequence: Int { log.isEmpty ? nextSequence : log[head].sequence }

    /// The kept actions, oldest first.
    var ordered: [Recorded] { head == 0 ? log : Array(log[head...]) + log[..<head] }
  }

  /// Most actions kept; older ones are replayed into the base state and dropped (an export then starts at the oldest
  /// kept action).
  public let capacity: Int
  private let now: @Sendable () -> Date
  private let storage = Mutex(Storage())
  /// Whether `storage.base` is set, readable on every dispatch without taking the lock (written under it).
  private let hasBase = Atomic<Bool>(false)
  private let cache = DevToolsReplayCache()

  /// Creates an empty history.
  /// - Parameters:
  ///   - capacity: most actions kept (at least 1).
  ///   - now: the clock, injectable for tests.
  public init(capacity: Int = 10_000, now: @escaping @Sendable () -> Date = Date.init) {
    self.capacity = max(1, capacity)
    self.now = now
  }

  /// The recording middleware: pass it to `FeatureRegistry.assemble(middlewares:)`, last.
  public var middleware: Middleware<AppState, AppAction> {
    Middleware { [self] context, action, next in
      guard let reduce = context.reducer else {
        preconditionFailure("DevTools.middleware runs on a store's own context (FeatureRegistry.assemble)")
      }
      // The base is taken once, before the first action (the only time DevTools holds a live state across a
      // reducer run); from then on it is kept up to date by replaying the actions that drop out of the history.
      let source = context.source
      if !hasBase.load(ordering: .acquiring) {
        let before = context.state
        next(action)
        record(action, source: source, base: before, reduce: reduce)
      } else {
        next(action)
        record(action, source: source, base: nil, reduce: reduce)
      }
    }
  }

  private func record(
    _ action: AppAction, source: ActionSource, base: AppState?,
    reduce: @escaping @Sendable (inout AppState, AppAction) -> Void
  ) {
    let timestamp = now()
    let observer = storage.withLock { storage -> (@Sendable () -> Void)? in
      if storage.base == nil {
        guard let base else { return nil }  // cleared while this action ran: the next one starts the history
        storage.base = base
        storage.reduce = reduce
        hasBase.store(true, ordering: .releasing)
      }
      let entry = Recorded(sequence: storage.nextSequence, timestamp: timestamp, action: action, source: source)
      storage.nextSequence += 1
      if storage.log.count < capacity {
        storage.log.append(entry)
      } else {
        // Full: the oldest action moves into the base (in place: DevTools is the base's only holder), then its slot
        // takes the new one.
        reduce(&storage.base!, storage.log[storage.head].action)
        storage.log[storage.head] = entry
        storage.head = storage.head + 1 == capacity ? 0 : storage.head + 1
        storage.dropped += 1
      }
      return storage.observer
    }
    observer?()
  }

  /// The recorded actions, oldest first. Their states are rebuilt when read (see ``DevToolsEntry``).
  public var entries: [DevToolsEntry] {
    storage.withLock { storage -> [DevToolsEntry] in
      guard let base = storage.base, let reduce = storage.reduce else { return [] }
      let ordered = storage.ordered
      let timeline = DevToolsTimeline(
        base: base, baseSequence: storage.oldestSequence - 1, actions: ordered.map(\.action), reduce: reduce,
        cache: cache)
      return ordered.map {
        DevToolsEntry(
          sequence: $0.sequence, timestamp: $0.timestamp, action: $0.action, source: $0.source, timeline: timeline)
      }
    }
  }

  /// Number of recorded actions kept.
  public var count: Int { storage.withLock { $0.log.count } }

  /// Number of actions dropped because the history was full.
  public var droppedCount: Int { storage.withLock { $0.dropped } }

  /// Calls `observer` (on the dispatching thread, inside the dispatch: keep it short) after each recorded action;
  /// `nil` stops. One observer at a time: the TUI's app loop.
  public func observe(_ observer: (@Sendable () -> Void)?) {
    storage.withLock { $0.observer = observer }
  }

  /// Forgets every recorded action (and the base state).
  public func clear() {
    storage.withLock {
      $0.log.removeAll()
      $0.head = 0
      $0.base = nil
      $0.dropped = 0
      hasBase.store(false, ordering: .releasing)
    }
    cache.clear()
  }

  // MARK: Export

  /// The history as an action log: JSON Lines in ``ActionLog``'s format (`{"seq":1,"t":"…","by":"user","action":{…}}`),
  /// numbered from 1, which `ActionLog.entries(in:decode: app.decode)` reads back and a replay-mode app
  /// (`FeatureRegistry.assemble(mode: .replay)`) replays — the format `kumiki-tui --record` writes, so
  /// `kumiki replay` reads both. With a `header` (the app, its version and features), the log starts with it, its
  /// `started` set to the first kept action's time and its `dropped` to ``droppedCount``. Actions `encode` cannot
  /// encode are left out, as the recorder does.
  public func exportJSONLines(encode: (AppAction) throws -> Data, header: ActionLogHeader? = nil) -> String {
    let entries = self.entries
    var lines: [String] = []
    if var header {
      header.started = header.started ?? entries.first?.timestamp
      header.dropped = droppedCount
      lines.append(header.line)
    }
    var sequence = 0
    for entry in entries {
      guard let data = try? encode(entry.action) else { continue }
      sequence += 1
      lines.append(ActionLog.line(sequence: sequence, timestamp: entry.timestamp, source: entry.source, action: data))
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Replays an exported (or recorded) action log into `app`'s store, decoding actions with `app.decode`. Give it
  /// an app assembled with `mode: .replay` to reproduce the recorded state without side effects.
  /// - Throws: `ActionLogError` for a malformed line, or the decoding error of an unknown action.
  public static func replay(_ log: String, into app: AppRuntime) throws {
    try ActionLog.replay(log, into: app.store, decode: app.decode)
  }

  /// Writes ``exportJSONLines(encode:header:)`` to `kumiki-actions-<UTC timestamp>.jsonl` in `directory` and returns
  /// the file's path. The file holds the session's data: it is created with mode 0600 and written whole
  /// (`ActionLog`'s `SessionFile`); a path that is a symbolic link, a device, a FIFO or a directory is refused
  /// (`ActionLogError.cannotCreate`) and left as it is.
  @discardableResult
  public func export(
    to directory: String, encode: (AppAction) throws -> Data, header: ActionLogHeader? = nil, at date: Date = Date()
  ) throws -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    let stamp =
      "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))-\(two(parts.hour))\(two(parts.minute))"
      + "\(two(parts.second))"
    let path = (directory.isEmpty ? "." : directory) + "/kumiki-actions-\(stamp).jsonl"
    try SessionFile.write(Data(exportJSONLines(encode: encode, header: header).utf8), to: path, replacing: true)
    return path
  }
}
