import Dispatch
import FixtureData
import Foundation
import Synchronization

/// The live data of one running server: the newest database for readers, and one writer at a time.
///
/// Reads take the newest published value under a lock and never wait for a write in progress. Writes run one
/// after another on a serial queue of their own (so saving to disk never blocks Swift's cooperative threads):
/// each starts from the newest value, and when it changed something, saves the result to the ``DatabaseFile``
/// (if any) and only then publishes it. So a write that fails to save changes nothing, and a reply never reports
/// data that is not yet on disk.
///
/// Watching (`--watch`), the store also takes in edits made to the file by hand: ``reloadIfChanged()`` (called by
/// the ``DatabaseWatcher``, and before every write) runs on the same queue, so a reload never interleaves with a
/// write. It reads the file only when its ``FileSignature`` differs from the one of the last save or load, ignores
/// content identical to what the server itself last wrote or loaded, and publishes a file that parses and holds
/// other data. A file that does not parse (half written) changes nothing and is reported once, until it parses.
/// Since every write saves the whole database and the file is only read back on this queue, an acknowledged write
/// is in the file any reload starts from.
///
/// The ``IdempotencyStore``'s keys are saved in the same file, as its ``IdempotencyStore/memberName`` member, by every
/// save: a write's kept answer (``update(keeping:journaling:_:)``) goes in with its change, in the one atomic rename, so a crash
/// leaves both or neither. A reload takes that member out of what it serves (the keys in memory stay as they are).
final class FixtureStore: Sendable {
  /// What the store knows of the file: the signature and content of its last save or load, and whether a file that
  /// does not parse was reported.
  private struct DiskState {
    var signature: FileSignature?
    var bytes: [UInt8]
    var reportedUnparseable = false
  }

  private let current: Mutex<FixtureDatabase>
  private let file: DatabaseFile?
  private let writes = DispatchQueue(label: "kumiki.fixture-server.writes")
  /// Set when watching: the file's last known state (only touched on `writes`).
  private let disk: Mutex<DiskState?>
  /// Where reload messages go.
  private let log: @Sendable (String) -> Void
  /// The `Idempotency-Key` answers saved with the data.
  let idempotency: IdempotencyStore
  /// Test-only: where a write's journal line goes once its save is in the file (``update(keeping:journaling:_:)``).
  private let journal: WriteJournal?

  /// A store serving `database`, saving every change to `file` when given (otherwise changes live in memory).
  /// With `watching` (and a file), the file's changes are taken in too; `log` gets one line per reload or
  /// unparseable file. `idempotency` holds the keys saved with the data (read from the file, ``IdempotencyStore/split(_:)``);
  /// `journal`, the test-only write journal the writes' lines go to.
  init(
    _ database: FixtureDatabase, file: DatabaseFile?, watching: Bool = false,
    idempotency: IdempotencyStore = IdempotencyStore(), journal: WriteJournal? = nil,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    current = Mutex(database)
    self.file = file
    self.log = log
    self.idempotency = idempotency
    self.journal = journal
    if watching, let file {
      let bytes = (try? file.read()) ?? Self.bytes(of: database, keys: idempotency.member())
      disk = Mutex(DiskState(signature: FileSignature(path: file.url.path), bytes: bytes))
    } else {
      disk = Mutex(nil)
    }
  }

  /// The newest published database.
  var snapshot: FixtureDatabase {
    current.withLock { $0 }
  }

  /// Runs `change` on the newest database, alone; when it reports a change, saves and publishes the result.
  /// Watching, an edit of the file made since the last save is taken in first.
  /// - Returns: what `change` returned.
  /// - Throws: ``DatabaseSaveError`` when the save failed; nothing was published then, unless the file holds the
  ///   change all the same (``DatabaseSaveError/replaced``): what is served never differs from the file.
  func update<Value: Sendable>(
    _ change: @escaping @Sendable (inout FixtureDatabase) -> (value: Value, changed: Bool)
  ) async throws(DatabaseSaveError) -> Value {
    try await update(keeping: { _ in nil }) { database in change(&database) }
  }

  /// ``update(_:)`` for a write with an `Idempotency-Key`: `answer` makes the record of `change`'s answer to keep
  /// (`nil` for none: a refusal), and the record is saved in the same save as the change — saved even when nothing
  /// else changed — then kept in ``idempotency`` (``IdempotencyStore/keep(_:)``). A save that fails keeps nothing,
  /// unless the file holds it all the same (``DatabaseSaveError/replaced``).
  ///
  /// `journaling` makes, from `change`'s value, the write's line for the test-only write journal (`nil`: none): the
  /// line is saved in the same atomic save (``IdempotencyStore/journalLineName``) and appended to the journal once the
  /// file holds the save (right after its rename, ``DatabaseFile/save(bytes:renamed:)``). A server killed between the
  /// two has saved the line with the write, and the next server appends it (``WriteJournal/init(url:lastSaved:)``):
  /// the journal misses no applied write.
  func update<Value: Sendable>(
    keeping answer: @escaping @Sendable (Value) -> IdempotencyStore.Record?,
    journaling line: @escaping @Sendable (Value) -> String? = { _ in nil },
    _ change: @escaping @Sendable (inout FixtureDatabase) -> (value: Value, changed: Bool)
  ) async throws(DatabaseSaveError) -> Value {
    let result: Result<Value, DatabaseSaveError> = await withCheckedContinuation { continuation in
      writes.async {
        self.reloadOnQueue()
        var database = self.snapshot
        let (value, changed) = change(&database)
        let record = answer(value)
        if changed || record != nil {
          let journalLine = changed && self.journal != nil ? line(value) : nil
          do throws(DatabaseSaveError) {
            try self.save(database, adding: record, journalLine: journalLine) {
              if let journalLine { self.journal?.append(journalLine) }
            }
          } catch {
            // The file holds the change all the same (only its directory's flush failed): serve what it holds.
            if error.replaced {
              self.current.withLock { $0 = database }
              if let record { self.idempotency.keep(record) }
            }
            return continuation.resume(returning: .failure(error))
          }
          self.current.withLock { $0 = database }
          if let record { self.idempotency.keep(record) }
        }
        continuation.resume(returning: .success(value))
      }
    }
    return try result.get()
  }

  /// Saves the data as it is with every kept key (moving keys read from an older server's side file into the data
  /// file).
  func saveKeys() async throws(DatabaseSaveError) {
    try await update { _ in ((), true) }
  }

  /// Watching: takes in the file's content when it changed on disk and parses (see the type's description).
  /// - Returns: whether the served data changed.
  @discardableResult
  func reloadIfChanged() async -> Bool {
    await withCheckedContinuation { continuation in
      writes.async { continuation.resume(returning: self.reloadOnQueue()) }
    }
  }

  /// The text a save writes: `database` as ``DatabaseFile/bytes(of:)`` writes it, with `keys` as its
  /// ``IdempotencyStore/memberName`` member (unless the data has a member of that name, which is someone's data: then
  /// the keys are not saved).
  static func bytes(of database: FixtureDatabase, keys: JSONValue?) -> [UInt8] {
    guard let keys, database[IdempotencyStore.memberName] == nil else { return DatabaseFile.bytes(of: database) }
    var saved = database
    saved.root[IdempotencyStore.memberName] = keys
    return DatabaseFile.bytes(of: saved)
  }

  private func save(
    _ database: FixtureDatabase, adding record: IdempotencyStore.Record?, journalLine: String? = nil,
    renamed: () -> Void
  ) throws(DatabaseSaveError) {
    guard let file else { return renamed() }
    let bytes = Self.bytes(of: database, keys: idempotency.member(adding: record, journalLine: journalLine))
    let signature = try file.save(bytes: bytes, renamed: renamed)
    disk.withLock { state in
      guard state != nil else { return }
      state = DiskState(signature: signature, bytes: bytes)
    }
  }

  /// ``reloadIfChanged()``, on the write queue.
  @discardableResult
  private func reloadOnQueue() -> Bool {
    guard let file, var state = disk.withLock({ $0 }) else { return false }
    defer { disk.withLock { $0 = state } }
    let signature = FileSignature(path: file.url.path)
    guard signature != state.signature else { return false }
    state.signature = signature
    let bytes: [UInt8]
    do {
      bytes = try file.read()
    } catch {
      report("\(error); serving the data from before until it can be read", state: &state)
      return false
    }
    guard bytes != state.bytes else { return false }
    let database: FixtureDatabase
    do {
      database = IdempotencyStore.split(try FixtureDatabase(json: bytes)).database
    } catch {
      report("\(file.url.path) does not parse (\(error)); serving the data from before until it does", state: &state)
      return false
    }
    state.bytes = bytes
    state.reportedUnparseable = false
    let changed = current.withLock { served in
      guard served != database else { return false }
      served = database
      return true
    }
    if changed { log("\(file.url.path) changed on disk: reloaded") }
    return changed
  }

  private func report(_ message: String, state: inout DiskState) {
    guard !state.reportedUnparseable else { return }
    state.reportedUnparseable = true
    log(message)
  }
}
