import Foundation
import GRDB
import Glibc
import Persistence
import Synchronization

extension KumikiDatabase {
  /// The outbox, stored in the `outbox` table, with the `OutboxClient` contract and the default ``OutboxLimits``.
  public var outbox: OutboxClient { outbox(limits: OutboxLimits()) }

  /// The outbox with these limits. Each call is one immediate transaction, durable once it returns. The send lock is
  /// an exclusive `flock` on `<database>-outbox.lock` beside the file (created 0600, never deleted), which the system
  /// releases when the holder dies; an in-memory database locks within the process.
  public func outbox(limits: OutboxLimits) -> OutboxClient {
    let lock = OutboxLockFile(databaseLocation: location, database: ObjectIdentifier(self))
    return OutboxClient(
      add: { write throws(PersistenceError) in
        if let body = write.body, body.count > limits.maxBodyBytes {
          throw .outboxBodyTooLarge(bytes: body.count, limit: limits.maxBodyBytes)
        }
        let headers = try Self.encodeHeaders(write.headers)
        let result: (OutboxEntry, Int)? = try await self.write("keep a write in the outbox") { db in
          let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0
          guard count < limits.maxEntries else { return nil }
          try db.execute(
            sql: """
              INSERT INTO outbox (api, method, path, headers, body, createdAt, attempts, state, lastError)
              VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)
              """,
            arguments: [
              write.api, write.method, write.path, headers, write.body, write.createdAt.timeIntervalSinceReferenceDate,
              write.state.rawValue, write.lastError,
            ])
          let id = db.lastInsertedRowID
          let pending = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE state = 'pending'") ?? 0
          return (write.entry(id: id), pending)
        }
        guard let result else { throw .outboxFull(limit: limits.maxEntries) }
        return result
      },
      entries: { () throws(PersistenceError) in
        try await self.read("list the outbox") { db in
          try Row.fetchAll(db, sql: "SELECT \(Self.outboxColumns) FROM outbox ORDER BY id").map(Self.outboxEntry)
        }
      },
      begin: { id throws(PersistenceError) in
        try await self.write("start sending outbox entry \(id)") { db in
          try db.execute(
            sql: "UPDATE outbox SET state = 'sending', attempts = attempts + 1 WHERE id = ? AND state = 'pending'",
            arguments: [id])
          guard db.changesCount == 1 else { return nil }
          return try Self.fetchOutboxEntry(db, id)
        }
      },
      update: { id, state, lastError, attempted throws(PersistenceError) in
        try await self.write("update outbox entry \(id)") { db in
          try db.execute(
            sql: "UPDATE outbox SET state = ?, lastError = ?, attempts = attempts + ? WHERE id = ?",
            arguments: [state.rawValue, lastError, attempted ? 1 : 0, id])
          return try Self.fetchOutboxEntry(db, id)
        }
      },
      remove: { id throws(PersistenceError) in
        try await self.write("remove outbox entry \(id)") { db in
          let entry = try Self.fetchOutboxEntry(db, id)
          try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id])
          return entry
        }
      },
      removeSent: { ids throws(PersistenceError) in
        guard !ids.isEmpty else { return 0 }
        return try await self.write("remove \(ids.count) sent outbox entries") { db in
          try db.execute(
            sql: "DELETE FROM outbox WHERE id IN (\(databaseQuestionMarks(count: ids.count)))",
            arguments: StatementArguments(ids))
          return db.changesCount
        }
      },
      recoverInterrupted: { () throws(PersistenceError) in
        try await self.write("recover interrupted outbox sends") { db in
          try db.execute(
            sql: """
              UPDATE outbox SET state = CASE WHEN upper(method) = 'POST' THEN 'outcome-unknown' ELSE 'pending' END,
                lastError = 'interrupted while sending'
              WHERE state = 'sending'
              """)
          return db.changesCount
        }
      },
      lockSending: { lock.acquire() }
    )
  }

  static let outboxColumns = "id, api, method, path, headers, body, createdAt, attempts, state, lastError"

  static func fetchOutboxEntry(_ db: Database, _ id: Int64) throws -> OutboxEntry? {
    try Row.fetchOne(db, sql: "SELECT \(outboxColumns) FROM outbox WHERE id = ?", arguments: [id]).map(outboxEntry)
  }

  /// An entry from its row. A state this build does not know (a newer Kumiki's) reads as pending; headers that do
  /// not decode read as none.
  static func outboxEntry(_ row: Row) -> OutboxEntry {
    let headerData: Data = row["headers"] ?? Data()
    let pairs = (try? JSONDecoder().decode([[String]].self, from: headerData)) ?? []
    let headers = pairs.compactMap { $0.count == 2 ? OutboxEntry.Header(name: $0[0], value: $0[1]) : nil }
    let stateText: String = row["state"] ?? ""
    return OutboxEntry(
      id: row["id"], api: row["api"], method: row["method"], path: row["path"], headers: headers, body: row["body"],
      createdAt: Date(timeIntervalSinceReferenceDate: row["createdAt"]), attempts: row["attempts"],
      state: OutboxEntry.State(rawValue: stateText) ?? .pending, lastError: row["lastError"])
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
      let released = Mutex(false)
      return OutboxSendLock {
        let first = released.withLock { done in
          defer { done = true }
          return !done
        }
        if first { _ = Self.heldInMemory.withLock { $0.remove(database) } }
      }
    }
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    let released = Mutex(false)
    return OutboxSendLock {
      let first = released.withLock { done in
        defer { done = true }
        return !done
      }
      if first { close(descriptor) }
    }
  }
}
