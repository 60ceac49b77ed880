/// Tuning for `KumikiDatabase`; the defaults suit the apps and the tests.
public struct DatabaseOptions: Sendable {
  /// How long a write waits for another process's write lock before SQLite reports busy.
  public var busyTimeout: Duration
  /// How many more times a write that still found the database busy is retried (each with the full timeout) before
  /// `PersistenceError.busy` is thrown.
  public var busyRetries: Int
  /// How often the database's one watcher reads `PRAGMA data_version` for commits made by other processes (or other
  /// stores on the same file), while someone listens (`externalChanges()`, `savedItems.observe()`). Commits made
  /// through this store are seen at once, without it. 100 ms keeps a change made elsewhere on screen within 300 ms.
  public var externalChangePollInterval: Duration
  /// The most concurrent read connections the pool opens.
  public var maximumReaderCount: Int
  /// Whether `open` runs `PRAGMA quick_check` after an unclean close (a write-ahead log with frames left in it: a
  /// process killed or still running), so a damaged file is found (and moved aside) at open, not mid-use. After a
  /// clean close (the log empty or gone) the file is not read whole at open.
  public var verifiesIntegrityOnOpen: Bool
  /// Whether an existing file that was closed cleanly and needs no migration opens on one read-only connection (reads
  /// one at a time), and on read-write ones only at the first write (then a read-write pool is opened and used from
  /// then on). A run that only reads then writes nothing to the file, not even what opening a read-write pool writes.
  /// The CLI (one command, then exit) sets it; a long-running app that writes need not.
  public var readOnlyUntilWrite: Bool

  /// Creates options; every parameter has the default the apps use.
  public init(
    busyTimeout: Duration = .seconds(5), busyRetries: Int = 2,
    externalChangePollInterval: Duration = .milliseconds(100),
    maximumReaderCount: Int = 4, verifiesIntegrityOnOpen: Bool = true, readOnlyUntilWrite: Bool = false
  ) {
    self.readOnlyUntilWrite = readOnlyUntilWrite
    self.busyTimeout = busyTimeout
    self.busyRetries = busyRetries
    self.externalChangePollInterval = externalChangePollInterval
    self.maximumReaderCount = maximumReaderCount
    self.verifiesIntegrityOnOpen = verifiesIntegrityOnOpen
  }
}

extension Duration {
  /// The duration in seconds, for APIs that take `TimeInterval`.
  var timeInterval: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
