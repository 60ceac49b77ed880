import Foundation
import GRDB
import Persistence
import Synchronization

/// The live Kumiki database: one SQLite file (WAL, busy timeout) behind one GRDB `DatabasePool`, so readers never wait
/// for the writer, and the persistence clients built over it.
///
/// ```swift
/// let location = try DatabaseLocation.resolve(environment: ProcessInfo.processInfo.environment, explicitPath: db)
/// let database = try KumikiDatabase.open(at: location)
/// if let notice = database.recoveredFrom { print(notice) }  // a corrupt file was moved aside
/// let persistence = database.client
/// ```
/// Every write runs in its own (immediate) transaction and is durable once it returns (`synchronous = FULL`). Several
/// processes may use the same file at once: writes wait for each other (busy timeout, then retries) instead of
/// failing with "database is locked".
public final class KumikiDatabase: Sendable {
  /// Where the database is.
  public let location: DatabaseLocation
  /// Non-nil when the file at `location` was not a usable database: it was moved aside (the error names both files)
  /// and this database is a fresh one. Apps should show it to the user once.
  public let recoveredFrom: Persistence.PersistenceError?
  /// The options it was opened with.
  public let options: DatabaseOptions
  /// The GRDB connection(s) in use: a `DatabasePool` for files (one read-only connection, a `DatabaseQueue`, until the
  /// first write when opened so, see ``DatabaseOptions/readOnlyUntilWrite``), a `DatabaseQueue` in memory.
  private let connections: Connections
  /// The one watcher of this file for commits by other connections (``externalChanges()``).
  let watcher: ExternalChangeWatcher

  /// The connections in use, and the read-only pool a first write replaced (closed with the database).
  private final class Connections: Sendable {
    struct State {
      var current: any DatabaseWriter
      var readOnly: DatabaseQueue?
      var replaced: DatabaseQueue?
    }
    let state: Mutex<State>

    init(_ state: State) { self.state = Mutex(state) }
  }

  private init(
    location: DatabaseLocation, writer: any DatabaseWriter, options: DatabaseOptions, recoveredFrom: PersistenceError?,
    readOnly: Bool = false
  ) {
    self.location = location
    let connections = Connections(.init(current: writer, readOnly: readOnly ? writer as? DatabaseQueue : nil))
    self.connections = connections
    self.options = options
    self.recoveredFrom = recoveredFrom
    self.watcher = ExternalChangeWatcher(
      writer: { connections.state.withLock { $0.current } }, interval: options.externalChangePollInterval,
      path: location.displayPath)
  }

  /// The connections reads use: read-only ones until the first write when the database was opened read-only.
  var writer: any DatabaseWriter { connections.state.withLock { $0.current } }

  /// The connections writes use: opened read-write now if the database was opened read-only (see
  /// ``DatabaseOptions/readOnlyUntilWrite``); later reads use them too, so they see the write.
  func writable() throws -> any DatabaseWriter {
    try connections.state.withLock { connections in
      guard let readOnly = connections.readOnly, case .file(let path) = location else { return connections.current }
      let pool = try Self.retryingWhileBusy(options) { try Self.openPool(path, options: options) }
      connections.replaced = readOnly
      connections.readOnly = nil
      connections.current = pool
      return pool
    }
  }

  /// A signal after every commit another process (or another `KumikiDatabase` on the same file) made, within
  /// `options.externalChangePollInterval`, and one at once; several close together may come as one. The listener
  /// reads again what it shows. Commits through this database are not signalled. One watcher serves every listener
  /// of this database (see the Persistence README, "Changes from other processes"); it runs only while one listens.
  /// Ends with a `PersistenceError` when the database can no longer be read (closed).
  public func externalChanges() -> AsyncThrowingStream<Void, any Error> {
    watcher.stream()
  }

  /// Opens (creating if needed) and migrates the database at `location`.
  ///
  /// Creates missing parent folders (0700) and a new file private (0600; an existing one loses group and other
  /// permissions). A file that is not a SQLite database, or fails `PRAGMA quick_check` (run only after an unclean
  /// close, ``closedCleanly(_:)``), is moved to
  /// `<path>.corrupt-<timestamp>` and a fresh database is created; `recoveredFrom` then describes what happened.
  /// - Throws: `.unwritableLocation` (folder or file cannot be created/written), `.newerSchema` (written by a newer
  ///   Kumiki; left untouched), `.corruptDatabase` (unreadable and could not be moved aside), `.busy`, `.database`.
  public static func open(
    at location: DatabaseLocation, options: DatabaseOptions = DatabaseOptions()
  )
    throws(Persistence.PersistenceError) -> KumikiDatabase
  {
    switch location {
    case .inMemory:
      do {
        let queue = try DatabaseQueue(configuration: configuration(options))
        try migrate(queue, path: location.displayPath)
        return KumikiDatabase(location: location, writer: queue, options: options, recoveredFrom: nil)
      } catch {
        throw PersistenceError.from(error, path: location.displayPath, operation: "open the database")
      }
    case .file(let path):
      try prepareFolder(for: path)
      if options.readOnlyUntilWrite, let queue = openReadOnly(path, options: options) {
        PrivateFile.restrict(path)
        return KumikiDatabase(
          location: location, writer: queue, options: options, recoveredFrom: nil, readOnly: true)
      }
      PrivateFile.createIfMissing(path)
      defer { PrivateFile.restrict(path) }
      do {
        let pool = try retryingWhileBusy(options) { try openPool(path, options: options) }
        return KumikiDatabase(location: location, writer: pool, options: options, recoveredFrom: nil)
      } catch let corruption as Corruption {
        let movedTo: String
        do {
          movedTo = try CorruptFileMover.moveAside(path)
        } catch {
          throw .corruptDatabase(path: path, reason: "\(corruption.reason); moving it aside failed: \(error)")
        }
        let notice = PersistenceError.corruptDatabaseMovedAside(path: path, movedTo: movedTo, reason: corruption.reason)
        PrivateFile.createIfMissing(path)
        do {
          let pool = try openPool(path, options: options)
          return KumikiDatabase(location: location, writer: pool, options: options, recoveredFrom: notice)
        } catch {
          throw PersistenceError.from(error, path: path, operation: "create a fresh database")
        }
      } catch {
        throw PersistenceError.from(error, path: path, operation: "open the database")
      }
    }
  }

  /// Runs `open` again while SQLite answers busy or locked, up to `options.busyTimeout`. Several processes opening a
  /// new file at once race to switch it to WAL and migrate it; SQLite reports some of those conflicts at once,
  /// without calling the busy handler, so opening retries them itself with a short, growing pause.
  static func retryingWhileBusy<T>(_ options: DatabaseOptions, _ open: () throws -> T) throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + options.busyTimeout
    var pause = Duration.milliseconds(2)
    while true {
      do {
        return try open()
      } catch let error as DatabaseError
        where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && clock.now < deadline
      {
        Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds))
        pause = min(pause * 2, .milliseconds(100))
      }
    }
  }

  /// Opens the database at a file path (see `open(at:options:)`).
  public static func open(
    path: String, options: DatabaseOptions = DatabaseOptions()
  ) throws(Persistence.PersistenceError)
    -> KumikiDatabase
  {
    try open(at: .file(path: path), options: options)
  }

  /// Empties the write-ahead log into the file (a checkpoint that never waits, see
  /// `DatabaseWriter.checkpointWithoutWaiting`) and closes the connections. Later operations throw. After a clean
  /// close the `.sqlite` file holds every write on its own — unless another process had the file busy at that
  /// moment: then what it could not copy stays in the `-wal` (safe) until the next checkpoint, such as that process's
  /// own close. Apps close it on every clean exit; the connections would also close when the last reference to the
  /// database goes away, but without the checkpoint.
  public func close() throws(Persistence.PersistenceError) {
    let (writer, readOnly, replaced) = connections.state.withLock { ($0.current, $0.readOnly, $0.replaced) }
    do {
      // Read-only connections wrote nothing: nothing to copy (and they could not).
      try replaced?.close()
      if let readOnly {
        try readOnly.close()
      } else if let pool = writer as? DatabasePool {
        pool.checkpointWithoutWaiting(busyTimeout: options.busyTimeout)
        try pool.close()
      } else if let queue = writer as? DatabaseQueue {
        try queue.close()
      }
    } catch {
      throw PersistenceError.from(error, path: location.displayPath, operation: "close the database")
    }
  }

  /// All three clients over this database.
  public var client: PersistenceClient {
    PersistenceClient(savedItems: savedItems, settings: settings, featureState: featureState)
  }

  /// Runs `body` in one immediate write transaction, retrying while another process holds the lock. Not `synced`
  /// (the outbox's writes, see ``outbox(limits:)``), the transaction commits with `synchronous = NORMAL`: durable
  /// against a killed or crashed process, not a power loss.
  func write<T: Sendable>(
    _ operation: String, synced: Bool = true, _ body: @escaping @Sendable (Database) throws -> T
  )
    async throws(PersistenceError) -> T
  {
    var attempt = 0
    while true {
      do {
        let writer = try writable()
        guard !synced else { return try await writer.write(body) }
        return try await writer.writeWithoutTransaction { db in
          try db.execute(sql: "PRAGMA synchronous = NORMAL")
          defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
          var result: T?
          try db.inTransaction(.immediate) {
            result = try body(db)
            return .commit
          }
          return result!
        }
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < options.busyRetries {
        attempt += 1
      } catch {
        throw PersistenceError.from(error, path: location.displayPath, operation: operation)
      }
    }
  }

  /// Runs `body` on a read connection (a snapshot; never waits for the writer).
  func read<T: Sendable>(
    _ operation: String, _ body: @escaping @Sendable (Database) throws -> T
  )
    async throws(PersistenceError) -> T
  {
    do {
      return try await writer.read(body)
    } catch {
      throw PersistenceError.from(error, path: location.displayPath, operation: operation)
    }
  }

  // MARK: - Opening

  /// The file is not a usable database; `open` moves it aside.
  private struct Corruption: Error {
    var reason: String
  }

  private static func configuration(_ options: DatabaseOptions) -> Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(options.busyTimeout.timeInterval)
    configuration.maximumReaderCount = max(1, options.maximumReaderCount)
    configuration.label = "kumiki"
    configuration.prepareDatabase { db in
      // Durable once a write returns, even across power loss (WAL + FULL syncs the log at each commit).
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    return configuration
  }

  private static func prepareFolder(for path: String) throws(PersistenceError) {
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    if fileManager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw .unwritableLocation(path: path, reason: "it is a folder, not a file")
    }
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try PrivateFile.createFolder(for: path)
    } catch {
      throw .unwritableLocation(
        path: path, reason: "cannot create the folder \(folder) (\(error.localizedDescription))")
    }
    guard fileManager.isWritableFile(atPath: folder) else {
      throw .unwritableLocation(path: path, reason: "the folder \(folder) is not writable")
    }
  }

  /// One read-only connection to the file at `path` when it can serve reads as it is — it exists, the last process closed it
  /// cleanly (``closedCleanly(_:)``: no check needed) and it has every migration of this version — else `nil`, and
  /// `open` takes its read-write path (which checks, migrates or moves the file aside). Read-only connections write
  /// nothing: not GRDB's set-up transaction of a read-write pool (a table made and dropped at every open whose log
  /// is empty, that is after every clean close), nor a checkpoint at close.
  private static func openReadOnly(_ path: String, options: DatabaseOptions) -> DatabaseQueue? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, closedCleanly(path) else {
      return nil
    }
    var readOnly = configuration(options)
    readOnly.readonly = true
    do {
      // One connection: a one-shot command reads little, one read at a time (a read-only pool opens two, each set up).
      let queue = try DatabaseQueue(path: path, configuration: readOnly)
      // Read directly (``appliedMigrations(_:)``): no migrator built, no `tableExists` (GRDB's schema introspection,
      // which nothing else a command runs needs). A file without the table fails the query: `nil`, as below.
      let complete = try queue.read { db in try appliedMigrations(db) == Set(KumikiSchema.migrationIdentifiers) }
      guard complete else {
        try? queue.close()
        return nil
      }
      return queue
    } catch {
      return nil
    }
  }

  /// Opens a pool in WAL mode, checks the file and migrates it. Corruption is reported as `Corruption`.
  private static func openPool(_ path: String, options: DatabaseOptions) throws -> DatabasePool {
    // Read before the pool opens (which creates the log): whether the last process closed the file cleanly.
    let checks = options.verifiesIntegrityOnOpen && !closedCleanly(path)
    let pool: DatabasePool
    do {
      pool = try DatabasePool(path: path, configuration: configuration(options))
    } catch let error as DatabaseError where error.isCorruption {
      throw Corruption(reason: error.message ?? "not a database")
    }
    do {
      // GRDB switches the writer to `synchronous = NORMAL` when it enables WAL, after `prepareDatabase` ran:
      // restore FULL, or a commit could be lost at power loss after the write returned.
      try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
      if checks {
        let problems = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        if problems != ["ok"] {
          throw Corruption(reason: "integrity check failed: " + problems.prefix(3).joined(separator: "; "))
        }
      }
      try migrate(pool, path: path)
      return pool
    } catch {
      try? pool.close()
      if let error = error as? DatabaseError, error.isCorruption {
        throw Corruption(reason: error.message ?? "database disk image is malformed")
      }
      throw error
    }
  }

  /// Whether the last process to use the file at `path` closed it cleanly, so `open` need not check it: its
  /// write-ahead log is missing or empty. A clean close copies the log into the file and empties it (``close()``);
  /// a process killed or crashed after writing (or one still running beside this one, or one whose close found the
  /// file busy) leaves frames in it, and then `open` runs `PRAGMA quick_check`. The clean-close marker is the log
  /// itself: nothing is written to mark it, so a command that only reads leaves the file as it found it.
  static func closedCleanly(_ path: String) -> Bool {
    var info = stat()
    guard stat(path + "-wal", &info) == 0 else { return errno == ENOENT }
    return (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0
  }

  /// The migrations applied to the file, as GRDB's migrator records them (`DatabaseMigrator.appliedIdentifiers`
  /// reads the same table), without building a migrator or reading the schema first (~2.4 M instructions at first
  /// use, `Benchmarks/README.md`, issue 38 round 4). Throws when the file has no such table.
  static func appliedMigrations(_ db: Database) throws -> Set<String> {
    Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
  }

  /// Applies unapplied migrations. Another process migrating at the same moment is not an error: if a migration
  /// fails but the schema turns out complete, that process won the race.
  private static func migrate(_ writer: any DatabaseWriter, path: String) throws {
    // Read once, without a migrator or the schema (each open after the first ends here): a new file has no table.
    let applied = try writer.read { db -> Set<String> in
      do {
        return try appliedMigrations(db)
      } catch let error as DatabaseError where error.message?.hasPrefix("no such table") == true {
        return []
      }
    }
    let unknown = applied.subtracting(KumikiSchema.migrationIdentifiers)
    if !unknown.isEmpty {
      throw PersistenceError.newerSchema(path: path, unknownMigrations: unknown.sorted())
    }
    if applied == Set(KumikiSchema.migrationIdentifiers) { return }
    try migrateAllowingRaces(KumikiSchema.migrator, writer)
  }

  /// Applies `migrator`'s unapplied migrations. Another process migrating the same file at the same moment is not an
  /// error: GRDB reads what is applied outside the migration's transaction, so the loser of the race fails ("table
  /// already exists"); if the schema then turns out complete, that other process won. The response cache opens its
  /// file the same way.
  static func migrateAllowingRaces(_ migrator: DatabaseMigrator, _ writer: any DatabaseWriter) throws {
    // Every migration applied, and no other (each open after the first): nothing to run, and the migrator is not
    // asked (it reads the schema to find out). Anything else, a missing table included, goes to the migrator.
    if (try? writer.read({ db in try appliedMigrations(db) })) == Set(migrator.migrations) { return }
    var attempt = 0
    while true {
      do {
        try migrator.migrate(writer)
        return
      } catch {
        attempt += 1
        let complete = (try? writer.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
        if complete { return }
        if attempt >= 3 { throw error }
      }
    }
  }
}
