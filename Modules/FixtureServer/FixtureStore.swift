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

  /// A store serving `database`, saving every change to `file` when given (otherwise changes live in memory).
  /// With `watching` (and a file), the file's changes are taken in too; `log` gets one line per reload or
  /// unparseable file.
  init(
    _ database: FixtureDatabase, file: DatabaseFile?, watching: Bool = false,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    current = Mutex(database)
    self.file = file
    self.log = log
    if watching, let file {
      let bytes = (try? file.read()) ?? DatabaseFile.bytes(of: database)
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
    let result: Result<Value, DatabaseSaveError> = await withCheckedContinuation { continuation in
      writes.async {
        self.reloadOnQueue()
        var database = self.snapshot
        let (value, changed) = change(&database)
        if changed {
          do throws(DatabaseSaveError) {
            try self.save(database)
          } catch {
            // The file holds the change all the same (only its directory's flush failed): serve what it holds.
            if error.replaced { self.current.withLock { $0 = database } }
            return continuation.resume(returning: .failure(error))
          }
          self.current.withLock { $0 = database }
        }
        continuation.resume(returning: .success(value))
      }
    }
    return try result.get()
  }

  /// Watching: takes in the file's content when it changed on disk and parses (see the type's description).
  /// - Returns: whether the served data changed.
  @discardableResult
  func reloadIfChanged() async -> Bool {
    await withCheckedContinuation { continuation in
      writes.async { continuation.resume(returning: self.reloadOnQueue()) }
    }
  }

  private func save(_ database: FixtureDatabase) throws(DatabaseSaveError) {
    guard let file else { return }
    let bytes = DatabaseFile.bytes(of: database)
    let signature = try file.save(bytes: bytes)
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
      database = try FixtureDatabase(json: bytes)
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
