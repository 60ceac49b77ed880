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
      let outbox = database.outbox
      guard let lock = outbox.lockSending() else {
        throw .busy(path: database.location.displayPath, operation: "discard change \(id) while it is being sent")
      }
      defer { lock.release() }
      return try await outbox.remove(id)
    }
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
      let outbox = database.outbox
      guard let entry = try await outbox.entries().first(where: { $0.id == id }) else { return nil }
      guard entry.state == .outcomeUnknown || entry.state == .refused || entry.state == .conflict else {
        return entry
      }
      return try await outbox.update(id, .pending, "sent again by the user", false)
    }
  }

  /// What the outbox holds for this API, as the TUI shows it: the status bar's marker (`1 change waiting to send`,
  /// `nil` when nothing waits), one line per write and the messages since the last call (each returned once). No
  /// I/O: read at each signal of ``outboxChanges()``. (A change sent or refused reaches the screens through the query
  /// layer's invalidation, `.dataChanged`, not through this.)
  public func outboxView() -> (status: String?, lines: [String], notices: [String]) {
    guard let outbox = queryCache.outbox else { return (nil, [], []) }
    let summary = outbox.summary
    return (summary.statusText, summary.lines, outbox.takeNotices())
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
