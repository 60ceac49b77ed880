import Foundation
import Networking
import Synchronization

/// The optimistic changes of writes (``Networking/WriteIntent/optimistic``), laid over the answers the query layer
/// gives: in memory, per process, never written to the cache, so the cache only ever holds what the server said.
///
/// An overlay is a merge into an object. Each write's overlays are its own: several writes in flight on one path are
/// laid in the order they started, and one refused takes only its own away. An overlay lives from its write's start
/// until the server speaks for its path:
///
/// - **pending** (the write in flight): applied to every answer for its path, cached or fetched;
/// - the write **refused or failed**: removed at once — the rollback — and readers told;
/// - the write **accepted**: kept, so the screen goes on showing the change, until an answer from the server for its
///   path that was requested after that (the server's answer replaces it), or until its tag is invalidated through
///   ``QueryCache/invalidate(tags:)``;
/// - the write **queued** in an outbox (under the outbox entry's id): kept whatever the server answers for its path
///   meanwhile — the server does not have the change yet — until the outbox sends it (then it is an accepted write's)
///   or the server refuses it (then it goes: the rollback). An outbox restores these at start-up from the entries it
///   keeps (``restore(_:entry:tag:)``), so a pending change is shown again after a restart.
///
/// At most ``limit`` overlays are kept; past that the oldest settled one goes (a pending one never does).
final class OptimisticEntries: Sendable {
  /// Most overlays kept at once.
  static let limit = 256

  enum Stage: Equatable {
    case pending, settled
    /// Its write waits in an outbox, as this entry.
    case queued(entry: Int64)
  }

  struct Overlay {
    var write: Int
    var change: OptimisticChange
    var tag: String
    var stage: Stage
    /// The generation at which the write settled; answers requested at or after it replace the overlay.
    var settledAt: Int
  }

  private struct Table {
    var overlays: [Overlay] = []
    var nextWrite = 1
    var generation = 0
    /// Outbox entries sent (`true`) or released (`false`) while no overlay was queued for them: a round may settle an
    /// entry between the outbox committing it and its write marking its overlays queued (``queue(_:entry:)``), which
    /// then settles them at once. The most recent ``settledLimit``.
    var settledUnqueued: [(entry: Int64, sent: Bool)] = []
    /// Whether an answer was given with a queued overlay laid over it.
    var showedQueued = false
  }

  /// How many outbox entries settled before their overlays were queued are remembered.
  static let settledLimit = 64

  private let table = Mutex(Table())

  /// Now, in the order of events: a read notes it before it asks the server.
  var generation: Int { table.withLock { $0.generation } }

  /// Whether an answer was given with the change of a write waiting in the outbox laid over it.
  var showedQueued: Bool { table.withLock { $0.showedQueued } }

  /// Whether no overlay is kept (the fast path of every read).
  var isEmpty: Bool { table.withLock { $0.overlays.isEmpty } }

  /// Whether an accepted (settled) write's overlay lies over the answers for `path`: its cached answer, with the
  /// overlay, is what the write made it, even once the write invalidated it. A waiting or queued overlay does not
  /// count: it is laid over a network answer as well, and an older cached answer would hide a write sent since.
  func covers(_ path: String) -> Bool {
    table.withLock { table in table.overlays.contains { $0.change.path == path && $0.stage == .settled } }
  }

  /// Adds the overlays of a write that starts now; returns the write's number.
  func begin(_ changes: [OptimisticChange], tag: (OptimisticChange) -> String) -> Int {
    table.withLock { table in
      let write = table.nextWrite
      table.nextWrite += 1
      table.generation += 1
      for change in changes {
        table.overlays.append(
          Overlay(write: write, change: change, tag: tag(change), stage: .pending, settledAt: .max))
      }
      while table.overlays.count > Self.limit,
        let oldest = table.overlays.firstIndex(where: { $0.stage == .settled })
      {
        table.overlays.remove(at: oldest)
      }
      return write
    }
  }

  /// The write was accepted or queued: its overlays stay until the server answers for their paths. Each is folded
  /// into the settled overlay before it on the same path, when no pending one lies between them, so a screen edited
  /// a hundred times without a refetch carries one overlay, not a hundred.
  func settle(_ write: Int) {
    table.withLock { table in
      table.generation += 1
      var index = 0
      while index < table.overlays.count {
        defer { index += 1 }
        guard table.overlays[index].write == write else { continue }
        table.overlays[index].stage = .settled
        table.overlays[index].settledAt = table.generation
        let path = table.overlays[index].change.path
        guard let before = table.overlays[..<index].lastIndex(where: { $0.change.path == path }),
          table.overlays[before].stage == .settled,
          let folded = Self.composed(table.overlays[before].change.merge, table.overlays[index].change.merge)
        else { continue }
        table.overlays[before].change.merge = folded
        table.overlays[before].settledAt = table.generation
        table.overlays.remove(at: index)
        index -= 1
      }
    }
  }

  /// The write was queued in an outbox as `entry`: its overlays stay until the outbox sends it (``sent(entries:)``) or
  /// the server refuses it (``release(entries:)``). When a round already did either (it ran between the outbox's
  /// commit and this call), the overlays are settled now: an accepted write's, or removed. Returns the tags of
  /// removed overlays (observers are told of them).
  func queue(_ write: Int, entry: Int64) -> Set<String> {
    table.withLock { table in
      let settled = table.settledUnqueued.firstIndex { $0.entry == entry }.map { table.settledUnqueued.remove(at: $0) }
      guard let settled else {
        for index in table.overlays.indices where table.overlays[index].write == write {
          table.overlays[index].stage = .queued(entry: entry)
        }
        return []
      }
      table.generation += 1
      guard settled.sent else {
        let tags = Set(table.overlays.filter { $0.write == write }.map(\.tag))
        table.overlays.removeAll { $0.write == write }
        return tags
      }
      for index in table.overlays.indices where table.overlays[index].write == write {
        table.overlays[index].stage = .settled
        table.overlays[index].settledAt = table.generation
      }
      return []
    }
  }

  /// Lays the changes of outbox entry `entry` (a write queued by an earlier run, or by another process) over the
  /// answers, as a queued write's; nothing when that entry has overlays already. Returns whether it added any.
  func restore(_ changes: [OptimisticChange], entry: Int64, tag: (OptimisticChange) -> String) -> Bool {
    table.withLock { table in
      guard !changes.isEmpty, !table.overlays.contains(where: { $0.stage == .queued(entry: entry) }) else {
        return false
      }
      let write = table.nextWrite
      table.nextWrite += 1
      table.generation += 1
      for change in changes {
        table.overlays.append(
          Overlay(write: write, change: change, tag: tag(change), stage: .queued(entry: entry), settledAt: .max))
      }
      return true
    }
  }

  /// The outbox entries whose changes are laid over the answers now.
  var queuedEntries: Set<Int64> {
    table.withLock { table in
      Set(
        table.overlays.compactMap {
          if case .queued(let entry) = $0.stage { entry } else { nil }
        })
    }
  }

  /// The outbox sent `entries` and the server accepted them: their overlays are an accepted write's now (kept until
  /// the server answers for their paths again).
  func sent(entries: Set<Int64>) {
    table.withLock { table in
      table.generation += 1
      var found = Set<Int64>()
      for index in table.overlays.indices {
        guard case .queued(let entry) = table.overlays[index].stage, entries.contains(entry) else { continue }
        table.overlays[index].stage = .settled
        table.overlays[index].settledAt = table.generation
        found.insert(entry)
      }
      Self.remember(entries.subtracting(found), sent: true, in: &table)
    }
  }

  /// Notes `entries`, settled with no overlay queued for them, for a ``queue(_:entry:)`` that comes late.
  private static func remember(_ entries: Set<Int64>, sent: Bool, in table: inout Table) {
    table.settledUnqueued += entries.sorted().map { (entry: $0, sent: sent) }
    table.settledUnqueued.removeFirst(max(0, table.settledUnqueued.count - settledLimit))
  }

  /// The server refused the outbox's `entries` (or they are gone unsent): their overlays go. Returns the tags they
  /// were on.
  func release(entries: Set<Int64>) -> Set<String> {
    table.withLock { table in
      table.generation += 1
      let isReleased: (Overlay) -> Bool = { overlay in
        if case .queued(let entry) = overlay.stage { entries.contains(entry) } else { false }
      }
      let released = table.overlays.filter(isReleased)
      table.overlays.removeAll(where: isReleased)
      let found = Set(released.compactMap { if case .queued(let entry) = $0.stage { entry } else { nil } })
      Self.remember(entries.subtracting(found), sent: false, in: &table)
      return Set(released.map(\.tag))
    }
  }

  /// The write was refused or failed: its overlays go. Returns the tags they were on (empty when there were none).
  func rollBack(_ write: Int) -> Set<String> {
    table.withLock { table in
      table.generation += 1
      let tags = Set(table.overlays.filter { $0.write == write }.map(\.tag))
      table.overlays.removeAll { $0.write == write }
      return tags
    }
  }

  /// The server answered for `path` to a request made at generation `since`: settled overlays on that path, settled
  /// before the request, go (what the server says now includes them, or replaces them).
  func serverAnswered(_ path: String, since: Int) {
    table.withLock { table in
      guard !table.overlays.isEmpty else { return }
      table.overlays.removeAll { $0.change.path == path && $0.stage == .settled && $0.settledAt <= since }
    }
  }

  /// Settled overlays on `tags` go (their data is to be read from the server again). Returns the tags that had any.
  func drop(tags: Set<String>) -> Set<String> {
    table.withLock { table in
      let dropped = Set(table.overlays.filter { $0.stage == .settled && tags.contains($0.tag) }.map(\.tag))
      table.overlays.removeAll { $0.stage == .settled && tags.contains($0.tag) }
      return dropped
    }
  }

  /// `response` (an answer for `path`) with the overlays on that path merged into its body, oldest first; one that is
  /// not a JSON object is passed over. Unchanged when there are none, when it is not a success, or when its body is
  /// not a JSON object.
  func apply(to response: HTTPResponse, path: String) -> HTTPResponse {
    let (changes, queued) = table.withLock { table in
      let overlays = table.overlays.filter { $0.change.path == path }
      let queued = overlays.contains { if case .queued = $0.stage { true } else { false } }
      return (overlays.map(\.change.merge), queued)
    }
    guard !changes.isEmpty, response.isSuccess,
      var value = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    else { return response }
    for change in changes {
      guard let patch = try? JSONSerialization.jsonObject(with: change) as? [String: Any] else { continue }
      value = Self.merged(value, patch)
    }
    guard let body = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else {
      return response
    }
    if queued { table.withLock { $0.showedQueued = true } }
    var response = response
    response.body = body
    return response
  }

  /// One merge patch doing what `first` then `second` do (members of `second` win; its `null`s stay, to remove), or
  /// `nil` when either is not a JSON object.
  static func composed(_ first: Data, _ second: Data) -> Data? {
    guard let a = try? JSONSerialization.jsonObject(with: first) as? [String: Any],
      let b = try? JSONSerialization.jsonObject(with: second) as? [String: Any]
    else { return nil }
    func compose(_ a: [String: Any], _ b: [String: Any]) -> [String: Any] {
      var result = a
      for (name, value) in b {
        if let inner = value as? [String: Any], let outer = result[name] as? [String: Any] {
          result[name] = compose(outer, inner)
        } else {
          result[name] = value
        }
      }
      return result
    }
    return try? JSONSerialization.data(withJSONObject: compose(a, b), options: [.sortedKeys])
  }

  /// RFC 7386: `patch`'s members replace `target`'s, `null` removes one, objects merge member by member.
  static func merged(_ target: [String: Any], _ patch: [String: Any]) -> [String: Any] {
    var result = target
    for (name, value) in patch {
      if value is NSNull {
        result[name] = nil
      } else if let inner = value as? [String: Any] {
        result[name] = merged(result[name] as? [String: Any] ?? [:], inner)
      } else {
        result[name] = value
      }
    }
    return result
  }
}
