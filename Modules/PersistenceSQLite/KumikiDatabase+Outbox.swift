import Foundation
import GRDB
import Glibc
import Persistence
import Synchronization

extension KumikiDatabase {
  /// The outbox, stored in the `outbox` table, with the `OutboxClient` contract and the default ``OutboxLimits``.
  public var outbox: OutboxClient { outbox(limits: OutboxLimits()) }

  /// The outbox with these limits. Each call that changes it is one immediate transaction.
  ///
  /// Durability: a change that returned survives the process dying (`kill -9`, a crash) and restarts. The outbox's
  /// transactions commit with `synchronous = NORMAL` (the database's other writes use `FULL`): in WAL mode the commit
  /// is in the log, written through the system, when it returns, but the log is not flushed to the disk each time —
  /// that waits for the next synced commit or checkpoint. A power loss (or a system crash) in that window may lose
  /// the last changes; the file stays consistent. Keeping a write then costs a fraction of a millisecond instead of
  /// a disk flush (several milliseconds). `begin` (a POST marked sending) is the exception, synced: a POST is never
  /// sent twice, even across a power loss.
  ///
  /// The send lock is an exclusive `flock` on `<database>-outbox.lock` beside the file (created 0600, never
  /// deleted), which the system releases when the holder dies; an in-memory database locks within the process.
  public func outbox(limits: OutboxLimits) -> OutboxClient {
    let lock = OutboxLockFile(databaseLocation: location, database: ObjectIdentifier(self))
    return OutboxClient(
      add: { write throws(PersistenceError) in
        if let body = write.body, body.count > limits.maxBodyBytes {
          throw .outboxBodyTooLarge(bytes: body.count, limit: limits.maxBodyBytes)
        }
        // Kept only if it will read back as a write that may be sent (rows are checked when read: OutboxEntry+Row).
        if let why = RowReader.problem(headers: write.headers) ?? RowReader.problem(path: write.path)
          ?? write.expected.lazy.compactMap(RowReader.problem(expected:)).first
        {
          throw .encodingFailed(key: "outbox entry", reason: why)
        }
        if let key = write.idempotencyKey, !OutboxEntry.isValidIdempotencyKey(key) {
          throw .encodingFailed(
            key: "outbox entry", reason: "its Idempotency-Key is not 1 to 255 visible ASCII characters")
        }
        if let ifMatch = write.ifMatch, let why = RowReader.problem(ifMatch: ifMatch) {
          throw .encodingFailed(key: "outbox entry", reason: why)
        }
        let headers = try Self.encodeHeaders(write.headers)
        let expected = try Self.encodeExpected(write.expected)
        let id: Int64? = try await self.write("keep a write in the outbox", synced: false) { db in
          let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0
          guard count < limits.maxEntries else { return nil }
          try db.execute(
            sql: """
              INSERT INTO outbox
                (api, method, path, headers, body, createdAt, attempts, state, lastError, expected, idempotencyKey,
                 ifMatch)
              VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)
              """,
            arguments: [
              write.api, write.method.rawValue, write.path, headers, write.body,
              write.createdAt.timeIntervalSinceReferenceDate,
              write.state.rawValue, write.lastError, expected, write.idempotencyKey, write.ifMatch,
            ])
          return db.lastInsertedRowID
        }
        guard let id else { throw .outboxFull(limit: limits.maxEntries) }
        return write.entry(id: id)
      },
      entries: { () throws(PersistenceError) in
        try await self.read("list the outbox") { db in
          try Row.fetchAll(db, sql: "SELECT \(OutboxEntry.columns) FROM outbox ORDER BY id").map {
            OutboxEntry(row: $0, whole: true, limits: limits)
          }
        }
      },
      overview: { () throws(PersistenceError) in
        try await self.read("list the outbox") { db in
          try Row.fetchAll(db, sql: "SELECT \(OutboxEntry.overviewColumns) FROM outbox ORDER BY id").map {
            OutboxEntry(row: $0, whole: false, limits: limits)
          }
        }
      },
      begin: { id throws(PersistenceError) in
        // Synced (FULL) like the database's other writes: a POST's mark must outlive a power loss too, or the POST
        // could be sent twice; it also flushes the outbox's earlier commits.
        try await self.write("start sending outbox entry \(id)") { db in
          // Only an entry that reads as pending: an unreadable row is never begun (nor sent).
          guard try Self.fetchOutboxEntry(db, id, limits: limits)?.state == .pending else { return nil }
          try db.execute(
            sql: "UPDATE outbox SET state = 'sending', attempts = attempts + 1 WHERE id = ? AND state = 'pending'",
            arguments: [id])
          guard db.changesCount == 1 else { return nil }
          return try Self.fetchOutboxEntry(db, id, limits: limits)
        }
      },
      update: { id, state, lastError, attempted throws(PersistenceError) in
        try await self.write("update outbox entry \(id)", synced: false) { db in
          // Keep mine: a conflict set back to pending is sent again without its condition.
          try db.execute(
            sql: """
              UPDATE outbox SET ifMatch = CASE WHEN state = 'conflict' AND ? = 'pending' THEN NULL ELSE ifMatch END,
                state = ?, lastError = ?, attempts = attempts + ? WHERE id = ?
              """,
            arguments: [state.rawValue, state.rawValue, lastError, attempted ? 1 : 0, id])
          return try Self.fetchOutboxEntry(db, id, limits: limits)
        }
      },
      remove: { id throws(PersistenceError) in
        try await self.write("remove outbox entry \(id)", synced: false) { db in
          let entry = try Self.fetchOutboxEntry(db, id, limits: limits)
          try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id])
          return entry
        }
      },
      removeSent: { ids, made throws(PersistenceError) in
        guard !ids.isEmpty else { return 0 }
        // A version that would not read back as an `ifMatch` is not handed on (the answer's ETag is outside input).
        let versions = made.filter { ids.contains($0.key) && RowReader.problem(ifMatch: $0.value) == nil }
        return try await self.write("remove \(ids.count) sent outbox entries", synced: false) { db in
          // In id order: the version the first made becomes the second's condition, the one it was sent with, which
          // hands the second's version on to the third.
          for (id, version) in versions.sorted(by: { $0.key < $1.key }) {
            try db.execute(
              sql: """
                UPDATE outbox SET ifMatch = ?
                WHERE id > ? AND state IN ('pending', 'sending')
                  AND (api, path, ifMatch) = (SELECT api, path, ifMatch FROM outbox WHERE id = ?)
                """,
              arguments: [version, id, id])
          }
          try db.execute(
            sql: "DELETE FROM outbox WHERE id IN (\(databaseQuestionMarks(count: ids.count)))",
            arguments: StatementArguments(ids))
          return db.changesCount
        }
      },
      recoverInterrupted: { () throws(PersistenceError) in
        try await self.write("recover interrupted outbox sends", synced: false) { db in
          try db.execute(
            sql: """
              UPDATE outbox SET state =
                CASE WHEN upper(method) = 'POST' AND idempotencyKey IS NULL THEN 'outcome-unknown' ELSE 'pending' END,
                lastError = 'interrupted while sending'
              WHERE state = 'sending'
              """)
          return db.changesCount
        }
      },
      lockSending: { lock.acquire() }
    )
  }

  static func fetchOutboxEntry(_ db: Database, _ id: Int64, limits: OutboxLimits) throws -> OutboxEntry? {
    try Row.fetchOne(db, sql: "SELECT \(OutboxEntry.columns) FROM outbox WHERE id = ?", arguments: [id]).map {
      OutboxEntry(row: $0, whole: true, limits: limits)
    }
  }

  /// The expected changes as `[[path, merge], …]` (the merge's JSON as text); `nil` when there are none.
  static func encodeExpected(_ changes: [OutboxEntry.ExpectedChange]) throws(PersistenceError) -> Data? {
    guard !changes.isEmpty else { return nil }
    do {
      return try JSONEncoder().encode(changes.map { [$0.path, String(decoding: $0.merge, as: UTF8.self)] })
    } catch {
      throw .encodingFailed(key: "outbox expected changes", reason: String(describing: error))
    }
  }

  static func encodeHeaders(_ headers: [OutboxEntry.Header]) throws(PersistenceError) -> Data {
    do {
      return try JSONEncoder().encode(headers.map { [$0.name, $0.value] })
    } catch {
      throw .encodingFailed(key: "outbox headers", reason: String(describing: error))
    }
  }
}

/// The outbox's send lock: an exclusive, non-blocking `flock` on a file beside the database (one sender across
/// processes; the system releases it when the holder dies), or a flag per in-memory database.
final class OutboxLockFile: Sendable {
  /// The in-memory databases whose lock is held.
  private static let heldInMemory = Mutex<Set<ObjectIdentifier>>([])
  private let path: String?
  private let database: ObjectIdentifier

  init(databaseLocation: DatabaseLocation, database: ObjectIdentifier) {
    if case .file(let path) = databaseLocation { self.path = path + "-outbox.lock" } else { self.path = nil }
    self.database = database
  }

  /// The lock, or `nil` when another sender (in this process or another) holds it.
  func acquire() -> OutboxSendLock? {
    guard let path else {
      let database = self.database
      guard Self.heldInMemory.withLock({ $0.insert(database).inserted }) else { return nil }
      return OutboxSendLock { _ = Self.heldInMemory.withLock { $0.remove(database) } }
    }
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return OutboxSendLock { close(descriptor) }
  }
}
