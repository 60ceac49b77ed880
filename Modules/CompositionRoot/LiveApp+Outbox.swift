import Foundation
import Persistence
import PersistenceSQLite
import QueryCache

extension LiveApp {
  /// Every write in the outbox of this database, oldest first (`kumiki outbox`). Opens only the database.
  /// - Throws: ``LaunchError/database(_:)``.
  public static func outboxEntries(
    databasePath: String?, environment: [String: String]
  ) async throws
    -> [OutboxEntry]
  {
    try await withDatabase(databasePath, environment) { database throws(PersistenceError) in
      try await database.outbox.entries()
    }
  }

  /// Removes outbox entry `id` without sending it (`kumiki outbox discard ID`); returns it, `nil` when there is no
  /// such entry. An entry being sent by a running app (`sending`) is refused: it may reach the server anyway.
  /// - Throws: ``LaunchError/database(_:)``.
  public static func discardOutboxEntry(
    _ id: Int64, databasePath: String?, environment: [String: String]
  )
    async throws -> OutboxEntry?
  {
    try await withDatabase(databasePath, environment) { database throws(PersistenceError) -> OutboxEntry? in
      try await discard(id, from: database.outbox, location: database.location)
    }
  }

  /// Discarding, as both apps do it (`kumiki outbox discard ID`, `d` in the TUI's outbox list): taken under the send
  /// lock, so an entry being sent — by any process — is not removed under its sender.
  private static func discard(
    _ id: Int64, from outbox: OutboxClient, location: DatabaseLocation
  ) async throws(PersistenceError) -> OutboxEntry? {
    guard let lock = outbox.lockSending() else {
      throw .busy(path: location.displayPath, operation: "discard change \(id) while it is being sent")
    }
    defer { lock.release() }
    return try await outbox.remove(id)
  }

  /// Marks outbox entry `id` — a POST whose outcome is unknown, or a write the server refused — to be sent again
  /// (`kumiki outbox retry ID`: the user checked the server does not have it); `nil` when there is no such entry.
  /// A conflict (`412`) set so is Keep mine: sent again without its condition, over the other change. A pending entry
  /// is left as it is.
  /// - Throws: ``LaunchError/database(_:)``.
  public static func requeueOutboxEntry(
    _ id: Int64, databasePath: String?, environment: [String: String]
  )
    async throws -> OutboxEntry?
  {
    try await withDatabase(databasePath, environment) { database throws(PersistenceError) -> OutboxEntry? in
      try await requeue(id, in: database.outbox)
    }
  }

  /// Re-queueing, as both apps do it (`kumiki outbox retry ID`, `r` in the TUI's outbox list): an entry held for the
  /// user (outcome unknown, refused, conflict) becomes pending — a conflict without its condition —; any other is
  /// left as it is. Returns the entry as it is now, `nil` when there is none.
  private static func requeue(_ id: Int64, in outbox: OutboxClient) async throws(PersistenceError) -> OutboxEntry? {
    guard let entry = try await outbox.entries().first(where: { $0.id == id }) else { return nil }
    guard entry.state == .outcomeUnknown || entry.state == .refused || entry.state == .conflict else {
      return entry
    }
    return try await outbox.update(id, .pending, "sent again by the user", false)
  }

  /// `kumiki outbox retry ID` in this running app (`r` on the TUI's outbox list): the CLI's re-queueing on this app's
  /// database, then a sending round (``sendOutbox()``), as `kumiki outbox retry` sends after it. Returns what happened
  /// to the change, one line for the status bar: sent (a conflict: yours kept, over theirs), refused again (rolled
  /// back), still waiting and why, or gone from the outbox.
  public func retryOutboxEntry(_ id: Int64) async -> String {
    let entry: OutboxEntry?
    do {
      entry = try await Self.requeue(id, in: outboxStorage)
    } catch {
      return "Could not retry change \(id): \(error)"
    }
    guard let entry else { return Self.noSuchEntry(id) }
    // The change is waiting again: the screens show it as made while it is sent.
    await queryCache.outbox?.refresh()
    var report = await sendOutbox()
    // A round already running when the change was set back to pending may have passed it: one more sends it.
    if !report.busy, !(report.sent + report.refused + report.held).contains(where: { $0.id == id }),
      report.stopped == nil
    {
      report = await sendOutbox()
    }
    let change = entry.state == .unreadable ? "an unreadable entry" : entry.change
    if report.sent.contains(where: { $0.id == id }) { return "Sent change \(id) (\(change))." }
    if let refused = report.refused.first(where: { $0.id == id }) {
      return "The server refused change \(id) (\(change)): \(refused.lastError ?? "refused") - it was undone."
    }
    if let held = report.held.first(where: { $0.id == id }) {
      return "Change \(id) (\(change)) is held: \(held.lastError ?? held.state.rawValue)."
    }
    if report.busy { return "Change \(id) waits to send: another process is sending the changes now." }
    return "Change \(id) (\(change)) waits to send: \(report.stopped ?? "not sent yet")."
  }

  /// `kumiki outbox discard ID` in this running app (`d` on the TUI's outbox list, once confirmed): the CLI's
  /// discarding on this app's database; the outbox is read again, so the list, the status bar and the screens (the
  /// change no longer shown as made) follow. Returns what happened, one line for the status bar.
  public func discardOutboxEntry(_ id: Int64) async -> String {
    let entry: OutboxEntry?
    do {
      entry = try await Self.discard(id, from: outboxStorage, location: database.location)
    } catch {
      return "Could not discard change \(id): \(error)"
    }
    await queryCache.outbox?.refresh()
    guard let entry else { return Self.noSuchEntry(id) }
    let change = entry.state == .unreadable ? "an unreadable entry" : entry.change
    return "Discarded change \(id) (\(change)): it was not sent."
  }

  /// The outbox's storage: the query layer's (the same database, the same limits), else the database's.
  private var outboxStorage: OutboxClient { queryCache.outbox?.storage ?? database.outbox }

  private static func noSuchEntry(_ id: Int64) -> String {
    "There is no change \(id) in the outbox now (sent or discarded meanwhile)."
  }

  /// What the outbox holds for this API, as the TUI shows it: the status bar's marker (`1 change waiting to send`,
  /// `nil` when nothing waits), one line per write, each line's entry id (what ``retryOutboxEntry(_:)`` and
  /// ``discardOutboxEntry(_:)`` take) and the messages since the last call (each returned once). No
  /// I/O: read at each signal of ``outboxChanges()``. (A change sent or refused reaches the screens through the query
  /// layer's invalidation, `.dataChanged`, not through this.)
  public func outboxView() -> (status: String?, lines: [String], ids: [Int64], notices: [String]) {
    guard let outbox = queryCache.outbox else { return (nil, [], [], []) }
    let summary = outbox.summary
    return (summary.statusText, summary.lines, summary.entries.map(\.id), outbox.takeNotices())
  }

  /// A signal at once, then whenever ``outboxView()`` may read differently: a write queued or sent by this app, or
  /// the outbox changed by another process on the same database (seen by the database's watcher). Finishes at once
  /// when the app has no outbox.
  public func outboxChanges() -> AsyncStream<Void> {
    guard let outbox = queryCache.outbox else { return AsyncStream { $0.finish() } }
    return outbox.changes()
  }

  /// Sends the outbox's waiting writes for this app's API now, in order (`kumiki outbox send`).
  public func sendOutbox() async -> Outbox.SendReport {
    await queryCache.outbox?.send() ?? Outbox.SendReport()
  }

  private static func withDatabase<T: Sendable>(
    _ databasePath: String?, _ environment: [String: String],
    _ body: (KumikiDatabase) async throws(PersistenceError) -> T
  ) async throws -> T {
    let database: KumikiDatabase
    do {
      let location = try DatabaseLocation.resolve(environment: environment, explicitPath: databasePath)
      database = try KumikiDatabase.open(at: location)
    } catch {
      throw LaunchError.database(String(describing: error))
    }
    defer { try? database.close() }
    do {
      return try await body(database)
    } catch {
      throw LaunchError.database(String(describing: error))
    }
  }
}
