import GRDB

extension DatabaseWriter {
  /// Copies everything in the write-ahead log into the database file and empties the log
  /// (`PRAGMA wal_checkpoint(TRUNCATE)`), so the `.sqlite` file holds all the data on its own: what closing runs
  /// before the connections close (GRDB closes a pool's writer before its read-only readers, and a read-only
  /// connection closing last cannot checkpoint, so SQLite's own checkpoint at close never happens).
  ///
  /// It never waits: the busy timeout is off while it runs. When another connection (another process) is writing or
  /// still reads an older snapshot, SQLite copies what it can and gives up at once; the rest stays in the log, which
  /// is safe (the next checkpoint copies it: SQLite's automatic one, or the last process to close the file), and
  /// the other connection is untouched. Errors are ignored for the same reason: an exit never fails on it.
  /// - Returns: `true` when the log was copied in full and emptied, `false` when it gave up or failed.
  @discardableResult
  func checkpointWithoutWaiting(busyTimeout: Duration) -> Bool {
    let restored = Int(busyTimeout.timeInterval * 1000)
    let blocked = try? writeWithoutTransaction { db -> Bool in
      try db.execute(sql: "PRAGMA busy_timeout = 0")
      defer { try? db.execute(sql: "PRAGMA busy_timeout = \(restored)") }
      // One row: busy (1 when it gave up), frames in the log, frames copied; -1, -1 when not in WAL mode.
      let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
      guard let row, case .int64(let busy) = (row[0] as DatabaseValue).storage else { return true }
      return busy != 0
    }
    return blocked == false
  }
}
